import { describe, expect, it } from 'vitest';
import { createPathLocks } from './path-locks.js';

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
