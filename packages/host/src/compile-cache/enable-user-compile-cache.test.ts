import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enableUserCompileCache } from './enable-user-compile-cache.js';

// The case where the cache turns on is tested through the CLI's bin (apps/cli e2e), in a process
// of its own: turning it on here would change this test process.
let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'toolgate-compile-cache-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('enableUserCompileCache', () => {
  it('chooses no directory when NODE_COMPILE_CACHE is set, on Windows, or without an absolute home', async () => {
    expect(
      enableUserCompileCache({ HOME: home, NODE_COMPILE_CACHE: join(home, 'n') }, 'linux'),
    ).toBeUndefined();
    expect(enableUserCompileCache({ HOME: home }, 'win32')).toBeUndefined();
    expect(enableUserCompileCache({ HOME: 'relative' }, 'linux')).toBeUndefined();
    expect(enableUserCompileCache({ XDG_CACHE_HOME: 'relative' }, 'linux')).toBeUndefined();
    expect(enableUserCompileCache({}, 'linux')).toBeUndefined();
    expect(await readdir(home)).toEqual([]);
  });

  it('fails silently to no cache where the directory cannot be made', async () => {
    await writeFile(join(home, 'blocked'), 'a file where the cache directory would go');
    expect(enableUserCompileCache({ XDG_CACHE_HOME: join(home, 'blocked') }, 'linux')).toBeUndefined();
    expect(await readdir(home)).toEqual(['blocked']);
  });
});
