import { mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFile } from './append-file.js';
import { settleCommits, trackCommit } from './commits-in-flight.js';
import { createFileExclusive } from './create-file-exclusive.js';
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

  it('with stop, large writes in progress end without temporary or partial files and leave their targets as they were', async () => {
    const big = Buffer.alloc(256 * 1024 * 1024, 0x61);
    await writeFile(join(root, 'overwritten.txt'), 'old\n');
    await writeFile(join(root, 'appended.txt'), 'old\n');
    const outcomes = [
      writeFileAtomic(join(root, 'overwritten.txt'), big),
      createFileExclusive(join(root, 'created.txt'), big),
      appendFile(join(root, 'appended.txt'), big),
    ].map((writing) =>
      writing.then(
        () => 'written',
        (error: Error) => (error.message.endsWith('nothing was appended') ? 'taken back' : error.name),
      ),
    );
    await settleCommits({ stop: true });
    expect(await Promise.all(outcomes)).toEqual(['AbortError', 'AbortError', 'taken back']);
    expect((await readdir(root)).sort()).toEqual(['appended.txt', 'overwritten.txt']);
    expect(await readFile(join(root, 'overwritten.txt'), 'utf8')).toBe('old\n');
    expect(await readFile(join(root, 'appended.txt'), 'utf8')).toBe('old\n');
    // Later writes are stopped too, unless they are rollbacks that must complete.
    await expect(writeFileAtomic(join(root, 'late.txt'), 'x')).rejects.toThrow();
    await writeFileAtomic(join(root, 'overwritten.txt'), 'restored\n', { stoppable: false });
    expect((await readdir(root)).sort()).toEqual(['appended.txt', 'overwritten.txt']);
    expect(await readFile(join(root, 'overwritten.txt'), 'utf8')).toBe('restored\n');
  });
});
