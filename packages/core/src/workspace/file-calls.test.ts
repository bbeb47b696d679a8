import { spawnSync } from 'node:child_process';
import { constants, type Stats } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FILE_CALL_DRIVERS,
  type FileCallDriver,
  fileCallDriver,
  fileCalls,
  SLICE_CALLS,
  setFileCallDriver,
} from './file-calls.js';

const HAS_MKFIFO = spawnSync('mkfifo', ['--version']).status === 0;

let base: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-file-calls-')));
});
afterEach(async () => {
  setFileCallDriver('thread-pool');
  await rm(base, { recursive: true, force: true });
});

const READ = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

function described(stats: Stats): object {
  return {
    file: stats.isFile(),
    directory: stats.isDirectory(),
    link: stats.isSymbolicLink(),
    fifo: stats.isFIFO(),
    mode: stats.mode & 0o7777,
    size: stats.isDirectory() ? 'a directory' : stats.size,
  };
}

/** What each call gave, or the error it failed with (its code, syscall and message). */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    const value = await call();
    return { value };
  } catch (error) {
    const { code, syscall, message } = error as NodeJS.ErrnoException;
    return { code, syscall, message };
  }
}

/** Every call of `fileCalls` in a fresh directory, successes and failures, as a transcript. */
async function transcript(driver: FileCallDriver): Promise<unknown[]> {
  setFileCallDriver(driver);
  const root = join(base, driver);
  const at = (name: string) => join(root, name);
  const log: unknown[] = [];
  const step = async (name: string, call: () => Promise<unknown>) => {
    // The root differs per driver: named alike, the transcripts compare.
    log.push(
      name,
      JSON.parse(
        JSON.stringify(await outcome(call))
          .split(root)
          .join('<root>'),
      ),
    );
  };
  await step('mkdir', () => fileCalls.mkdir(root));
  await step('mkdir again', () => fileCalls.mkdir(root));
  await step('mkdir of a missing parent', () => fileCalls.mkdir(at('missing/below')));
  const fd = await fileCalls.open(at('a.txt'), CREATE, 0o640);
  await step('write', () => fileCalls.write(fd, Buffer.from('hello, world\n'), 0, 13, 0));
  await step('write at a position', () => fileCalls.write(fd, Buffer.from('HELLO'), 0, 5, 0));
  await step('fchmod', () => fileCalls.fchmod(fd, 0o600));
  await step('fdatasync', () => fileCalls.fdatasync(fd));
  await step('fstat', async () => described(await fileCalls.fstat(fd)));
  await step('close', () => fileCalls.close(fd));
  await step('close again', () => fileCalls.close(fd));
  await step('exclusive create of an existing file', () => fileCalls.open(at('a.txt'), CREATE, 0o600));
  const reading = await fileCalls.open(at('a.txt'), READ);
  const buffer = Buffer.alloc(32);
  await step('read', async () => {
    const count = await fileCalls.read(reading, buffer, 0, 32, 0);
    return buffer.subarray(0, count).toString();
  });
  await step('read past the end', () => fileCalls.read(reading, buffer, 0, 32, 100));
  await fileCalls.close(reading);
  await step('open of a missing file', () => fileCalls.open(at('nothing'), READ));
  await step('symlink', () => fileCalls.symlink('a.txt', at('link')));
  await step('open through a symlink, not followed', () => fileCalls.open(at('link'), READ));
  await step('readlink', () => fileCalls.readlink(at('link')));
  await step('readlink of a file', () => fileCalls.readlink(at('a.txt')));
  await step('lstat of the link', async () => described(await fileCalls.lstat(at('link'))));
  await step('stat through the link', async () => described(await fileCalls.stat(at('link'))));
  await step('realpath', () => fileCalls.realpath(at('link')));
  await step('realpath of a missing path', () => fileCalls.realpath(at('missing/x')));
  await step('inode, followed and not', async () => {
    const [file, followed, link] = await Promise.all([
      fileCalls.inode(at('a.txt'), false),
      fileCalls.inode(at('link'), true),
      fileCalls.inode(at('link'), false),
    ]);
    return { followedIsTheFile: followed.ino === file.ino, linkIsItself: link.ino !== file.ino };
  });
  await step('inode of a missing path', () => fileCalls.inode(at('nothing'), true));
  await step('link', () => fileCalls.link(at('a.txt'), at('b.txt')));
  await step('link onto an existing name', () => fileCalls.link(at('a.txt'), at('b.txt')));
  await step('rename', () => fileCalls.rename(at('b.txt'), at('c.txt')));
  await step('rename of a missing file', () => fileCalls.rename(at('b.txt'), at('d.txt')));
  await step('mkdir of a directory', () => fileCalls.mkdir(at('sub')));
  await step('open of a file under a file', () => fileCalls.open(at('a.txt/x'), READ));
  await step('readdir', async () =>
    (await fileCalls.readdir(root))
      .map((entry) => `${entry.name}${entry.isDirectory() ? '/' : entry.isSymbolicLink() ? '@' : ''}`)
      .sort(),
  );
  await step('readdir of a file', () => fileCalls.readdir(at('a.txt')));
  await step('rmdir of a directory that is not empty', () => fileCalls.rmdir(root));
  await step('rmdir', () => fileCalls.rmdir(at('sub')));
  await step('unlink', () => fileCalls.unlink(at('c.txt')));
  await step('unlink of a missing file', () => fileCalls.unlink(at('c.txt')));
  await step('unlink of a directory', () => fileCalls.unlink(root));
  return log;
}

describe('fileCalls', () => {
  it('give the same values and the same errors under every driver', async () => {
    const [threadPool, synchronous] = [
      await transcript(FILE_CALL_DRIVERS[0]),
      await transcript(FILE_CALL_DRIVERS[1]),
    ];
    expect(synchronous).toEqual(threadPool);
    // The transcript holds what it claims to: a read, an error with its code, a listing.
    expect(threadPool).toContainEqual({ value: 'HELLO, world\n' });
    expect(threadPool).toContainEqual(expect.objectContaining({ code: 'ELOOP', syscall: 'open' }));
    expect(threadPool).toContainEqual({ value: ['a.txt', 'c.txt', 'link@', 'sub/'] });
  });

  it('is on the thread pool by default, and a driver chosen holds until another is', () => {
    expect(fileCallDriver()).toBe('thread-pool');
    setFileCallDriver('synchronous');
    expect(fileCallDriver()).toBe('synchronous');
    setFileCallDriver('thread-pool');
    expect(fileCallDriver()).toBe('thread-pool');
  });

  it('made at once, a call is settled before the event loop turns, and the loop turns between slices', async () => {
    setFileCallDriver('synchronous');
    // The first call starts a slice (after one turn of the loop).
    await fileCalls.stat(base);
    let settled = false;
    void fileCalls.stat(base).then(() => {
      settled = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(true);
    // A long chain of calls lets timers and I/O in at least once per slice of calls.
    let turns = 0;
    const turn = () => {
      turns++;
      if (turns < 1000) setImmediate(turn);
    };
    setImmediate(turn);
    for (let call = 0; call < SLICE_CALLS * 10; call++) await fileCalls.lstat(base);
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it.skipIf(!HAS_MKFIFO)(
    'made at once, opening a FIFO to read it does not wait for a writer (skipped without mkfifo)',
    async () => {
      setFileCallDriver('synchronous');
      const fifo = join(base, 'pipe');
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      // Were the open to wait, this test would hang here: nothing ever writes to the FIFO.
      const fd = await fileCalls.open(fifo, READ);
      try {
        expect((await fileCalls.fstat(fd)).isFIFO()).toBe(true);
      } finally {
        await fileCalls.close(fd);
      }
      await expect(fileCalls.open(fifo, constants.O_RDONLY | constants.O_DIRECTORY)).rejects.toMatchObject({
        code: 'ENOTDIR',
      });
    },
  );
});
