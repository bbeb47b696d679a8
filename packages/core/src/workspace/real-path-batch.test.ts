import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRealPathBatch } from './real-path-batch.js';
import { resolveRealPath } from './resolve-real-path.js';

let base: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-batch-')));
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Every path's batch answer, or the full resolution where the batch leaves it to the caller. */
async function answers(paths: readonly string[]) {
  const batch = createRealPathBatch(paths);
  return Promise.all(
    paths.map(async (path) => ({ path, batch: await batch.lookup(path), full: await resolveRealPath(path) })),
  );
}

describe('createRealPathBatch', () => {
  it('answers for plain entries of a listed directory exactly as the full resolution, and leaves links and missing names to it', async () => {
    await mkdir(join(base, 'outside'));
    await mkdir(join(base, 'src', 'sub'), { recursive: true });
    const names = Array.from({ length: 10 }, (_, index) => `f${index}.txt`);
    for (const name of names) await writeFile(join(base, 'src', name), name);
    await symlink(join(base, 'outside'), join(base, 'src', 'link'));
    await symlink('f0.txt', join(base, 'src', 'alias.txt'));
    // Through a linked directory: listed once, answered with the real directory.
    await symlink(join(base, 'src'), join(base, 'via'));
    if (process.platform !== 'win32') execFileSync('mkfifo', [join(base, 'src', 'fifo')]);
    const paths = [
      ...names.map((name) => join(base, 'via', name)),
      join(base, 'via', 'sub'),
      join(base, 'via', 'fifo'),
      join(base, 'via', 'link'),
      join(base, 'via', 'alias.txt'),
      join(base, 'via', 'missing.txt'),
      join(base, 'via', 'link', 'x.txt'),
      join(base, 'via', '..', 'src', 'f1.txt'),
    ];
    const results = await answers(paths);
    for (const { batch, full } of results) if (batch !== undefined) expect(batch).toEqual(full);
    const decided = results.filter(({ batch }) => batch !== undefined).map(({ path }) => path);
    expect(decided).toEqual([
      ...names.map((name) => join(base, 'via', name)),
      join(base, 'via', 'sub'),
      join(base, 'via', 'fifo'),
    ]);
    expect(results[0]!.batch).toEqual({ ok: true, realPath: join(base, 'src', 'f0.txt'), exists: true });
  });

  it('lists no directory for a few names, nor one much larger than the names asked', async () => {
    await mkdir(join(base, 'few'));
    await mkdir(join(base, 'large'));
    for (let index = 0; index < 3; index++) await writeFile(join(base, 'few', `${index}`), '');
    for (let index = 0; index < 2000; index++)
      await writeFile(join(base, 'large', `entry-with-a-long-name-${index}`), '');
    const paths = [
      ...Array.from({ length: 3 }, (_, index) => join(base, 'few', `${index}`)),
      ...Array.from({ length: 8 }, (_, index) => join(base, 'large', `entry-with-a-long-name-${index}`)),
    ];
    expect((await answers(paths)).map(({ batch }) => batch)).toEqual(paths.map(() => undefined));
  });
});
