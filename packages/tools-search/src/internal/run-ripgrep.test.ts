import { describe, expect, it } from 'vitest';
import { RIPGREP, removeDirectory, temporaryDirectory, writeTree } from '../test-support/search-fixture.js';
import { runRipgrep } from './run-ripgrep.js';

describe('runRipgrep', () => {
  it('reports an argument no process can receive as a failed start instead of rejecting', async () => {
    const run = await runRipgrep({
      ripgrepPath: 'rg',
      args: ['--regexp=a\u0000b'],
      cwd: process.cwd(),
      signal: new AbortController().signal,
      recordEnd: 0,
      read: (data) => data.length,
    });
    expect({ ...run, spawnError: run.spawnError?.message.includes('null bytes') }).toEqual({
      exitCode: null,
      stderr: '',
      stopped: false,
      spawnError: true,
    });
  });

  it.skipIf(!RIPGREP)(
    'offers a line of megabytes whole, once, however many chunks it arrives in',
    async () => {
      const root = await temporaryDirectory();
      const long = `${'x'.repeat(3 * 1024 * 1024)} needle`;
      await writeTree(root, { 'long.txt': `${long}\n`, 'short.txt': 'a needle\n' });
      try {
        const lines: string[] = [];
        let offered = 0;
        const run = await runRipgrep({
          ripgrepPath: RIPGREP!,
          args: ['--no-config', '--no-filename', '--sort', 'path', '--regexp=needle', '.'],
          cwd: root,
          signal: new AbortController().signal,
          recordEnd: 10,
          read: (data, ended) => {
            offered++;
            const end = ended ? data.length : data.lastIndexOf(10) + 1;
            lines.push(
              ...data
                .toString('utf8', 0, end)
                .split('\n')
                .filter((line) => line !== ''),
            );
            return end;
          },
        });
        expect(run.exitCode).toBe(0);
        expect(lines).toEqual([long, 'a needle']);
        // Some fifty 64 KiB pipe reads carry the long line; only those that end a line are offered.
        expect(offered).toBeLessThan(10);
      } finally {
        await removeDirectory(root);
      }
    },
  );
});
