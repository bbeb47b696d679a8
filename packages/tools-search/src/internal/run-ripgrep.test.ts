import { describe, expect, it } from 'vitest';
import { runRipgrep } from './run-ripgrep.js';

describe('runRipgrep', () => {
  it('reports an argument no process can receive as a failed start instead of rejecting', async () => {
    const run = await runRipgrep({
      ripgrepPath: 'rg',
      args: ['--regexp=a\u0000b'],
      cwd: process.cwd(),
      signal: new AbortController().signal,
      read: (data) => data.length,
    });
    expect({ ...run, spawnError: run.spawnError?.message.includes('null bytes') }).toEqual({
      exitCode: null,
      stderr: '',
      stopped: false,
      spawnError: true,
    });
  });
});
