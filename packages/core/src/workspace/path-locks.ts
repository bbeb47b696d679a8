/** Serializes async work per key (a real path), so parallel writes to one file never lose an update. */
export interface PathLocks {
  /** Runs `work` once every earlier holder of `path` has finished. */
  withLock<T>(path: string, work: () => Promise<T>): Promise<T>;
}

/** A fresh set of per-path locks. */
export function createPathLocks(): PathLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    async withLock<T>(path: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(path) ?? Promise.resolve();
      const run = previous.then(work, work);
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
  };
}
