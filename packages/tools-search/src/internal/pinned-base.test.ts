import { readdir, rename, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDirectory, temporaryDirectory, writeTree } from '../test-support/search-fixture.js';
import { inPinnedBase, PATH_CHANGED } from './pinned-base.js';

describe('inPinnedBase', () => {
  let root: string;
  let outside: string;

  beforeEach(async () => {
    root = await temporaryDirectory();
    outside = await temporaryDirectory();
    await writeTree(root, { 'sub/inside.txt': 'in\n' });
    await writeTree(outside, { 'outside.txt': 'out\n' });
  });
  afterEach(async () => {
    await removeDirectory(root);
    await removeDirectory(outside);
  });

  it.skipIf(process.platform !== 'linux')(
    'hands the search a path that names the checked directory, even once its path names another',
    async () => {
      const base = join(root, 'sub');
      const listed = await inPinnedBase(base, async (opened) => {
        expect(opened).toMatch(new RegExp(`^/proc/${process.pid}/fd/\\d+$`));
        // Swapped after the pin: the held descriptor still names the checked directory.
        await rename(base, join(root, 'sub.real'));
        await symlink(outside, base);
        return readdir(opened!);
      });
      expect(listed).toEqual(['inside.txt']);
    },
  );

  it('refuses a base swapped for a symlink before it is pinned, without searching', async () => {
    const base = join(root, 'sub');
    await rename(base, join(root, 'sub.real'));
    await symlink(outside, base);
    let searched = false;
    const outcome = await inPinnedBase(base, async () => {
      searched = true;
    });
    expect({ outcome, searched }).toEqual({ outcome: PATH_CHANGED, searched: false });
  });

  it('refuses a base whose ancestor was swapped for a symlink to a copy', async () => {
    const base = join(root, 'sub');
    await writeTree(outside, { 'sub/outside.txt': 'out\n' });
    const moved = join(root, '..', `${root.split('/').pop()}.moved`);
    await rename(root, moved);
    try {
      await symlink(outside, root);
      const outcome = await inPinnedBase(base, async () => 'searched');
      expect(outcome).toBe(PATH_CHANGED);
    } finally {
      await removeDirectory(root);
      await rename(moved, root);
    }
  });
});
