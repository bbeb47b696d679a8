import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkspace } from './create-workspace.js';
import { createPathLocks } from './path-locks.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** A promise and the function that settles it. */
function gate(): { readonly opened: Promise<void>; open(): void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('createPathLocks: stamps', () => {
  it('gives no stamp while a lock is held or waited for, and one once all are released', async () => {
    const locks = createPathLocks();
    expect(locks.stamp()).toBeDefined();
    const held = gate();
    const first = locks.withLock('/w/a', () => held.opened);
    expect(locks.stamp()).toBeUndefined();
    const second = locks.withLock('/w/a', async () => {});
    held.open();
    await Promise.all([first, second]);
    expect(locks.stamp()).toBeDefined();
  });

  it('is quiet when only the caller took its own locks since the stamp', async () => {
    const locks = createPathLocks();
    const stamp = locks.stamp()!;
    const quiet = await locks.withLock('/w/a', () =>
      locks.withLock('/w/b', async () => locks.quietSince(stamp, 2)),
    );
    expect(quiet).toBe(true);
  });

  it('is not quiet once any other lock was taken since the stamp, on any path', async () => {
    const locks = createPathLocks();
    const stamp = locks.stamp()!;
    await locks.withLock('/w/elsewhere', async () => {});
    expect(await locks.withLock('/w/a', async () => locks.quietSince(stamp, 1))).toBe(false);
    const later = locks.stamp()!;
    await locks.withLock('/w/a', async () => {});
    expect(await locks.withLock('/w/a', async () => locks.quietSince(later, 1))).toBe(false);
  });

  it('counts a lock taken after waiting for another holder', async () => {
    const locks = createPathLocks();
    const stamp = locks.stamp()!;
    const held = gate();
    const other = locks.withLock('/w/a', () => held.opened);
    const mine = locks.withLock('/w/a', async () => locks.quietSince(stamp, 1));
    held.open();
    await other;
    expect(await mine).toBe(false);
  });
});

describe('the workspace locks are the process’s', () => {
  it('two workspaces on one root (two sessions) take turns on a file and see each other in a stamp', async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-locks-')));
    try {
      const file = join(root, 'log.txt');
      await writeFile(file, '');
      const sessions = [createWorkspace({ root }), createWorkspace({ root })];
      await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          sessions[index % 2]!.withLock(file, async () => {
            const current = await readFile(file, 'utf8');
            await writeFileAtomic(file, `${current}${index}\n`);
          }),
        ),
      );
      expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(60);
      const stamp = sessions[0]!.lockStamp()!;
      await sessions[1]!.withLock(file, async () => {});
      expect(await sessions[0]!.withLock(file, async () => sessions[0]!.locksQuietSince(stamp, 1))).toBe(
        false,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
