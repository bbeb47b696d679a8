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

describe('enableUserCompileCache refuses a directory others could have written', () => {
  it('a link at the cache path, a directory others may write, or a cache home others may write: no cache', async () => {
    const { chmod, mkdir, symlink } = await import('node:fs/promises');
    // A link to a shared, world-writable directory where the cache would go.
    const shared = join(home, 'shared');
    await mkdir(shared, { mode: 0o777 });
    await chmod(shared, 0o777);
    await mkdir(join(home, 'linked', 'toolgate'), { recursive: true, mode: 0o700 });
    await symlink(shared, join(home, 'linked', 'toolgate', 'compile-cache'));
    expect(enableUserCompileCache({ XDG_CACHE_HOME: join(home, 'linked') }, 'linux')).toBeUndefined();
    // A cache directory made world-writable before toolgate came.
    await mkdir(join(home, 'open', 'toolgate', 'compile-cache'), { recursive: true });
    await chmod(join(home, 'open', 'toolgate', 'compile-cache'), 0o777);
    expect(enableUserCompileCache({ XDG_CACHE_HOME: join(home, 'open') }, 'linux')).toBeUndefined();
    // Its parent group-writable.
    await mkdir(join(home, 'group', 'toolgate', 'compile-cache'), { recursive: true, mode: 0o700 });
    await chmod(join(home, 'group', 'toolgate'), 0o770);
    expect(enableUserCompileCache({ XDG_CACHE_HOME: join(home, 'group') }, 'linux')).toBeUndefined();
    // A cache home anyone may write (not sticky): the directories under it could be swapped.
    await mkdir(join(home, 'loose'), { mode: 0o777 });
    await chmod(join(home, 'loose'), 0o777);
    expect(enableUserCompileCache({ XDG_CACHE_HOME: join(home, 'loose') }, 'linux')).toBeUndefined();
    expect((await readdir(shared)).length).toBe(0);
  });
});
