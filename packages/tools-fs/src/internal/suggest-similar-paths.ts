import { readdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Workspace } from '@toolgate/core';
import { findClosestMatches } from '@toolgate/core/workspace-io';

/**
 * For a path that does not exist: the nearest existing directory on the way, and up to three of
 * its entries named like the first missing segment that the read predicate admits, as display
 * paths (`src/utlis/a.ts` → `src/utils`).
 */
export async function suggestSimilarPaths(
  workspace: Workspace,
  absolutePath: string,
): Promise<{ readonly directory: string; readonly suggestions: readonly string[] }> {
  let missing = absolutePath;
  let directory = dirname(absolutePath);
  for (;;) {
    try {
      // Only names the read predicate admits are suggested (never a secret or a denied directory).
      const entries = (await readdir(directory, { withFileTypes: true }))
        .filter(
          (entry) =>
            workspace.checkReadable(join(directory, entry.name), { directory: entry.isDirectory() }) ===
            undefined,
        )
        .map((entry) => entry.name);
      const segment = relative(directory, missing).split(sep)[0] ?? '';
      const close = findClosestMatches(segment, entries, 3);
      return {
        directory: workspace.toDisplayPath(directory),
        suggestions: close.map((entry) => workspace.toDisplayPath(join(directory, entry))),
      };
    } catch {
      if (dirname(directory) === directory)
        return { directory: workspace.toDisplayPath(directory), suggestions: [] };
      missing = directory;
      directory = dirname(directory);
    }
  }
}
