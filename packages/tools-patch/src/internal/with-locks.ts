import type { Workspace } from '@toolgate/core';

/** Runs `work` holding the workspace locks of every path, taken in sorted order so callers never deadlock. */
export function withLocks<T>(
  workspace: Workspace,
  paths: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  const sorted = [...new Set(paths)].sort();
  let run = work;
  for (let index = sorted.length - 1; index >= 0; index--) {
    const inner = run;
    const path = sorted[index]!;
    run = () => workspace.withLock(path, inner);
  }
  return run();
}
