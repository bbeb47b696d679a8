import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadToolgateConfig } from './load-toolgate-config.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolgate-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function configWith(value: unknown): Promise<string> {
  const file = join(dir, 'toolgate.config.json');
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

async function problem(file: string): Promise<string> {
  try {
    await loadToolgateConfig(file, { required: true });
  } catch (error) {
    return (error as Error).message.replace(file, '<file>');
  }
  throw new Error('expected an error');
}

describe('loadToolgateConfig', () => {
  it('reads every documented key', async () => {
    const config = {
      model: 'openai-compatible:qwen3',
      baseURL: 'http://localhost:11434/v1',
      approval: 'manual',
      workspace: {
        readRoots: ['../docs'],
        protectedPaths: ['secrets'],
        excludedPaths: ['dist'],
        allowOutsideWorkspace: false,
      },
      tools: {
        read_file: { maxChars: 5000 },
        bash: { timeoutMs: 1000, maxOutputBytes: 4096 },
        search: { engine: 'node' },
      },
      sandbox: { mode: 'read-only', network: true, required: true },
    };
    expect(await loadToolgateConfig(await configWith(config), { required: true })).toEqual(config);
  });

  it('treats a missing default file as an empty config, and a missing --config file as an error', async () => {
    expect(await loadToolgateConfig(join(dir, 'none.json'), { required: false })).toEqual({});
    expect(await problem(join(dir, 'none.json'))).toBe('Cannot read config file <file>: no such file.');
  });

  it('names the file, the key and what was expected', async () => {
    expect(await problem(await configWith({ approval: 'yolo' }))).toBe(
      'Invalid config file <file>:\n  approval: expected one of manual, safe, auto, plan, accept-edits, dont-ask (or acceptEdits, dontAsk, bypassPermissions), got string "yolo"',
    );
    expect(await problem(await configWith({ tools: { bash: { timeoutMs: -5 } } }))).toBe(
      'Invalid config file <file>:\n  tools.bash.timeoutMs: expected a positive number, got number -5',
    );
    expect(await problem(await configWith({ tools: { read_file: { maxChars: 1.5 } } }))).toBe(
      'Invalid config file <file>:\n  tools.read_file.maxChars: expected an integer, got number 1.5',
    );
    // JSON reads 1e400 as Infinity: shown as such, not as JSON's null.
    expect(await problem(await configWith('{"tools":{"read_file":{"maxChars":1e400}}}'))).toMatch(
      /^Invalid config file <file>:\n {2}tools\.read_file\.maxChars: .*got number Infinity$/,
    );
    expect(await problem(await configWith({ workspace: { readRoots: 'docs' } }))).toBe(
      'Invalid config file <file>:\n  workspace.readRoots: expected an array, got string "docs"',
    );
    expect(await problem(await configWith({ tools: { bsh: {} } }))).toBe(
      'Invalid config file <file>:\n  tools.bsh: unknown key (did you mean "bash"?); expected one of read_file, bash, search, modules, disable, replace',
    );
    expect(await problem(await configWith({ sandbox: { mode: 'off' } }))).toBe(
      'Invalid config file <file>:\n  sandbox.mode: expected one of "read-only", "workspace-write", "danger-full-access", got string "off"',
    );
    expect(await problem(await configWith([]))).toBe(
      'Invalid config file <file>:\n  (top level): expected an object, got an array',
    );
  });

  it('reports invalid JSON', async () => {
    expect(await problem(await configWith('{"approval":'))).toMatch(
      /^Invalid config file <file>: not valid JSON \(/,
    );
  });
});
