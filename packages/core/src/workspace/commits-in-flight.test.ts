import { mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleCommits, trackCommit } from './commits-in-flight.js';
import { writeFileAtomic } from './write-file-atomic.js';

// Stopping is for good (the process is about to exit), so the stop test comes last; vitest runs
// each test file in a process of its own.

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-commits-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('commits in flight', () => {
  it('settleCommits waits for every commit in flight, failed ones included', async () => {
    const events: string[] = [];
    let finish: () => void = () => {};
    const slow = trackCommit(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            events.push('commit done');
            resolve();
          };
        }),
    );
    const failing = trackCommit(async () => {
      throw new Error('disk full');
    });
    await expect(failing).rejects.toThrow('disk full');
    const settled = settleCommits().then(() => events.push('settled'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
    finish();
    await Promise.all([slow, settled]);
    expect(events).toEqual(['commit done', 'settled']);
  });

  it('with stop, a large atomic write in progress ends without its temporary file and leaves the target as it was', async () => {
    const target = join(root, 'big.txt');
    await writeFile(target, 'old\n');
    const writing = writeFileAtomic(target, Buffer.alloc(256 * 1024 * 1024, 0x61));
    const outcome = writing.then(
      () => 'written',
      (error: Error) => error.name,
    );
    await settleCommits({ stop: true });
    expect(await outcome).toBe('AbortError');
    expect(await readdir(root)).toEqual(['big.txt']);
    expect(await readFile(target, 'utf8')).toBe('old\n');
    // Later writes are stopped too, unless they are rollbacks that must complete.
    await expect(writeFileAtomic(join(root, 'late.txt'), 'x')).rejects.toThrow();
    await writeFileAtomic(target, 'restored\n', { stoppable: false });
    expect(await readdir(root)).toEqual(['big.txt']);
    expect(await readFile(target, 'utf8')).toBe('restored\n');
  });
});
