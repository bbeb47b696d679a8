/**
 * A mark of a workspace's lock activity at one moment, taken while no lock was held: what
 * {@link PathLocks.quietSince} compares with. Opaque outside core.
 */
export type LockStamp = number & { readonly __lockStamp: unique symbol };

/** Serializes async work per key (a real path), so parallel writes to one file never lose an update. */
export interface PathLocks {
  /** Runs `work` once every earlier holder of `path` has finished. */
  withLock<T>(path: string, work: () => Promise<T>): Promise<T>;
  /** A stamp of this moment, or undefined while any lock is held or waited for. */
  stamp(): LockStamp | undefined;
  /**
   * Whether, since `stamp`, no lock was taken but the caller's own `taken` (the locks it holds
   * now, each taken once): then no other holder ran in between, on any path.
   */
  quietSince(stamp: LockStamp, taken: number): boolean;
}

/** A fresh set of per-path locks. */
export function createPathLocks(): PathLocks {
  const tails = new Map<string, Promise<unknown>>();
  // Every lock taken (its work started) counts once, on any path.
  let taken = 0;
  return {
    async withLock<T>(path: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(path) ?? Promise.resolve();
      const start = () => {
        taken++;
        return work();
      };
      const run = previous.then(start, start);
      const tail = run.then(
        () => undefined,
        () => undefined,
      );
      tails.set(path, tail);
      try {
        return await run;
      } finally {
        if (tails.get(path) === tail) tails.delete(path);
      }
    },
    stamp: () => (tails.size === 0 ? (taken as LockStamp) : undefined),
    quietSince: (stamp, own) => taken - stamp === own,
  };
}
