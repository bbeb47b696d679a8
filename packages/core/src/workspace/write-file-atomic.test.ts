import {
  chmod,
  lstat,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPathLocks } from './path-locks.js';
import { writeFileAtomic } from './write-file-atomic.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolgate-atomic-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('writes a file whose name is near the 255-byte limit', async () => {
    const path = join(directory, `${'é'.repeat(120)}.txt`);
    await writeFile(path, 'old');
    await writeFileAtomic(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
    expect(await readdir(directory)).toEqual([`${'é'.repeat(120)}.txt`]);
  });

  it('replaces content and keeps the mode bits', async () => {
    const file = join(directory, 'run.sh');
    await writeFile(file, 'old');
    await chmod(file, 0o751);
    await writeFileAtomic(file, 'new');
    expect(await readFile(file, 'utf8')).toBe('new');
    expect((await stat(file)).mode & 0o777).toBe(0o751);
    expect(await readdir(directory)).toEqual(['run.sh']);
  });

  it('replaces the target of a symlink and leaves the link a link', async () => {
    await writeFile(join(directory, 'target.txt'), 'old');
    await symlink('target.txt', join(directory, 'link.txt'));
    await writeFileAtomic(join(directory, 'target.txt'), 'new');
    expect((await lstat(join(directory, 'link.txt'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(directory, 'link.txt'))).toBe('target.txt');
    expect(await readFile(join(directory, 'link.txt'), 'utf8')).toBe('new');
  });

  it('writes without the flush when sync is false, leaving no temporary file', async () => {
    const file = join(directory, 'bulk.txt');
    await writeFile(file, 'old');
    await chmod(file, 0o640);
    await writeFileAtomic(file, 'new', { sync: false });
    expect(await readFile(file, 'utf8')).toBe('new');
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect(await readdir(directory)).toEqual(['bulk.txt']);
  });

  it('removes its temporary file when the write fails', async () => {
    await expect(writeFileAtomic(join(directory, 'missing-dir', 'x.txt'), 'x')).rejects.toThrow(/ENOENT/);
    const directoryTarget = join(directory, 'sub');
    await import('node:fs/promises').then(({ mkdir }) => mkdir(directoryTarget));
    await expect(writeFileAtomic(directoryTarget, 'x')).rejects.toThrow();
    expect(await readdir(directory)).toEqual(['sub']);
  });
});

describe('createPathLocks', () => {
  it('serializes read-modify-write cycles so no update is lost', async () => {
    const file = join(directory, 'log.txt');
    await writeFile(file, '');
    const locks = createPathLocks();
    await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        locks.withLock(file, async () => {
          const current = await readFile(file, 'utf8');
          await writeFileAtomic(file, `${current}line ${index}\n`);
        }),
      ),
    );
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines).toEqual(Array.from({ length: 100 }, (_, index) => `line ${index}`));
  });

  it('keeps going after a holder throws', async () => {
    const locks = createPathLocks();
    await expect(locks.withLock('k', async () => Promise.reject(new Error('first')))).rejects.toThrow(
      'first',
    );
    expect(await locks.withLock('k', async () => 'second')).toBe('second');
  });
});
