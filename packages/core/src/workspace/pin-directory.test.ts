import {
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFile } from './append-file.js';
import { isPathChangedError, pinDirectory } from './pin-directory.js';
import { writeFileAtomic } from './write-file-atomic.js';

let base: string;
let root: string;
let outside: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-pin-')));
  root = join(base, 'root');
  outside = join(base, 'outside');
  await mkdir(join(root, 'dir'), { recursive: true });
  await mkdir(outside);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function rejection(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('pinDirectory', () => {
  it.runIf(process.platform === 'linux')(
    'keeps naming the checked directory after it is swapped for a symlink to outside',
    async () => {
      const pinned = await pinDirectory(join(root, 'dir'));
      try {
        expect(pinned.pinned).toBe(true);
        await rename(join(root, 'dir'), join(root, 'moved'));
        await symlink(outside, join(root, 'dir'));
        await writeFile(pinned.entry('x.txt'), 'pinned');
      } finally {
        await pinned.close();
      }
      expect(await readdir(outside)).toEqual([]);
      expect(await readFile(join(root, 'moved', 'x.txt'), 'utf8')).toBe('pinned');
    },
  );

  it('refuses a checked directory that is now a symlink, and creates nothing through it', async () => {
    await rm(join(root, 'dir'), { recursive: true });
    await symlink(outside, join(root, 'dir'));
    expect(isPathChangedError(await rejection(pinDirectory(join(root, 'dir'))))).toBe(true);
    expect(
      isPathChangedError(await rejection(pinDirectory(join(root, 'dir', 'a', 'b'), { create: true }))),
    ).toBe(true);
    expect(isPathChangedError(await rejection(writeFileAtomic(join(root, 'dir', 'f.txt'), 'x')))).toBe(true);
    expect(await readdir(outside)).toEqual([]);
  });

  it.runIf(process.platform === 'linux')(
    'verify passes while the directory is where it was, and fails once it was swapped for a symlink',
    async () => {
      const pinned = await pinDirectory(join(root, 'dir'));
      try {
        await writeFileAtomic(join(root, 'dir', 'a.txt'), 'a', { directory: pinned });
        await pinned.verify();
        await rename(join(root, 'dir'), join(root, 'moved'));
        await symlink(outside, join(root, 'dir'));
        // Written through the descriptor: into the moved directory, never through the link.
        await writeFileAtomic(join(root, 'dir', 'b.txt'), 'b', { directory: pinned });
        expect(isPathChangedError(await rejection(pinned.verify()))).toBe(true);
      } finally {
        await pinned.close();
      }
      expect(await readdir(outside)).toEqual([]);
      expect((await readdir(join(root, 'moved'))).sort()).toEqual(['a.txt', 'b.txt']);
    },
  );

  it('verify fails once the pinned directory was removed', async () => {
    const pinned = await pinDirectory(join(root, 'dir'));
    try {
      await rm(join(root, 'dir'), { recursive: true });
      expect(isPathChangedError(await rejection(pinned.verify()))).toBe(true);
    } finally {
      await pinned.close();
    }
  });

  it("writeFileAtomic refuses a caller's pin of another directory", async () => {
    await mkdir(join(root, 'other'));
    const pinned = await pinDirectory(join(root, 'other'));
    try {
      const error = await rejection(writeFileAtomic(join(root, 'dir', 'a.txt'), 'a', { directory: pinned }));
      expect((error as Error).message).toContain('is not in the pinned directory');
    } finally {
      await pinned.close();
    }
    expect(await readdir(join(root, 'dir'))).toEqual([]);
    expect(await readdir(join(root, 'other'))).toEqual([]);
  });

  it('creates missing directories one at a time and says which it created', async () => {
    const pinned = await pinDirectory(join(root, 'dir', 'a', 'b'), { create: true });
    await pinned.close();
    expect([pinned.realPath, pinned.created]).toEqual([
      join(root, 'dir', 'a', 'b'),
      [join(root, 'dir', 'a'), join(root, 'dir', 'a', 'b')],
    ]);
  });
});

describe('appendFile', () => {
  it('appends, or creates the file when it is missing', async () => {
    const file = join(root, 'dir', 'log.txt');
    expect(await appendFile(file, Buffer.from('a\n'))).toEqual({ created: true, linkBroken: false });
    expect(await appendFile(file, Buffer.from('b\n'))).toEqual({ created: false, linkBroken: false });
    expect(await readFile(file, 'utf8')).toBe('a\nb\n');
  });

  it('breaks a hard link instead of writing into the shared inode', async () => {
    await writeFile(join(outside, 'secret'), 'secret\n');
    await link(join(outside, 'secret'), join(root, 'dir', 'linked'));
    expect(await appendFile(join(root, 'dir', 'linked'), Buffer.from('more\n'))).toEqual({
      created: false,
      linkBroken: true,
    });
    expect(await readFile(join(outside, 'secret'), 'utf8')).toBe('secret\n');
    expect(await readFile(join(root, 'dir', 'linked'), 'utf8')).toBe('secret\nmore\n');
    expect(await readdir(join(root, 'dir'))).toEqual(['linked']);
  });

  it('never follows a symlink put where the checked file was', async () => {
    await writeFile(join(outside, 'target'), 'outside\n');
    await symlink(join(outside, 'target'), join(root, 'dir', 'log.txt'));
    expect(
      isPathChangedError(await rejection(appendFile(join(root, 'dir', 'log.txt'), Buffer.from('x')))),
    ).toBe(true);
    expect(await readFile(join(outside, 'target'), 'utf8')).toBe('outside\n');
  });
});
