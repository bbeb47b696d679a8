import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveRealPath } from './resolve-real-path.js';

let base: string;
let root: string;
let outside: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-real-')));
  root = join(base, 'root');
  outside = join(base, 'outside');
  await mkdir(join(root, 'src'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(root, 'src', 'a.ts'), 'a');
  await symlink('../outside', join(root, 'link'));
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('resolveRealPath', () => {
  it('resolves an existing path and a new name in an existing directory', async () => {
    expect(await resolveRealPath(join(root, 'src', 'a.ts'))).toEqual({
      ok: true,
      realPath: join(root, 'src', 'a.ts'),
      exists: true,
    });
    expect(await resolveRealPath(join(root, 'link', 'new.txt'))).toEqual({
      ok: true,
      realPath: join(outside, 'new.txt'),
      exists: false,
    });
  });

  it('resolves the names below a missing directory without folding anything', async () => {
    expect(await resolveRealPath(join(root, 'missing', 'deeper', 'x.txt'))).toEqual({
      ok: true,
      realPath: join(root, 'missing', 'deeper', 'x.txt'),
      exists: false,
    });
  });

  it('fails missing/.. as the kernel does instead of folding it by string', async () => {
    expect(await resolveRealPath(`${root}/missing/../link/x`)).toEqual({
      ok: false,
      reason: 'not_found',
      message: `${join(root, 'missing')} does not exist, so ".." after it leads nowhere`,
    });
    expect(await resolveRealPath(`${root}/missing/deeper/../../src/a.ts`)).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
  });

  it('fails .. inside the target of a dangling symlink the same way', async () => {
    await symlink('gone/../../outside/x', join(root, 'dangling'));
    expect(await resolveRealPath(join(root, 'dangling'))).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it('fails .. and names after a file with not_a_directory, as the kernel does', async () => {
    expect(await resolveRealPath(`${root}/src/a.ts/../../outside`)).toEqual({
      ok: false,
      reason: 'not_a_directory',
      message: `${join(root, 'src', 'a.ts')} is not a directory`,
    });
    expect(await resolveRealPath(`${root}/src/a.ts/x`)).toMatchObject({
      ok: false,
      reason: 'not_a_directory',
    });
  });

  it('fails a file followed by . or a trailing slash with not_a_directory, as the kernel does', async () => {
    for (const path of [`${root}/src/a.ts/.`, `${root}/src/a.ts/`])
      expect([path, await resolveRealPath(path)]).toEqual([
        path,
        { ok: false, reason: 'not_a_directory', message: `${join(root, 'src', 'a.ts')} is not a directory` },
      ]);
    expect(await resolveRealPath(`${root}/src/.`)).toEqual({
      ok: true,
      realPath: join(root, 'src'),
      exists: true,
    });
  });

  it('agrees with the kernel wherever the kernel resolves the path', async () => {
    await symlink(join(root, 'src'), join(root, 'abs'));
    await symlink('src/../link/..', join(root, 'hop'));
    for (const path of ['abs/a.ts', 'hop/root/src/a.ts', 'link/../root/abs/../src', 'src/./a.ts']) {
      expect([path, await resolveRealPath(`${root}/${path}`)]).toEqual([
        path,
        { ok: true, realPath: await realpath(`${root}/${path}`), exists: true },
      ]);
    }
  });

  it('never throws while another process swaps a directory and a symlink under it', async () => {
    await mkdir(join(root, 'dir'));
    // A real second process renames the directory away and puts a symlink in its place, in a loop.
    const racer = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs');
         const [dir, moved, target] = process.argv.slice(1);
         const stop = Date.now() + 1500;
         while (Date.now() < stop) {
           try { fs.renameSync(dir, moved); fs.symlinkSync(target, dir); fs.unlinkSync(dir); fs.symlinkSync('x', dir); fs.unlinkSync(dir); fs.renameSync(moved, dir); } catch {}
         }`,
        join(root, 'dir'),
        join(root, 'dir.moved'),
        outside,
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => racer.once('exit', resolve));
    const reasons = new Set<string>();
    let running = true;
    void exited.then(() => {
      running = false;
    });
    while (running) {
      const result = await resolveRealPath(join(root, 'dir', 'sub', '..', 'f.txt'));
      reasons.add(result.ok ? 'ok' : result.reason);
    }
    // Whatever the interleaving, each answer is a result (a throw would have failed the loop).
    for (const reason of reasons) {
      expect(['ok', 'not_found', 'symlink_loop', 'not_a_directory', 'changed']).toContain(reason);
    }
  });
});
