import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Where a program name was found on `PATH`, and every directory looked in up to there. */
export interface PathLookup {
  /** The file that would run; undefined when none is found. */
  readonly file?: string;
  /** The directories searched, in order, up to and including the one it was found in (all, when none). */
  readonly directories: readonly string[];
}

/** Looks a program name without `/` up on `path` as `/bin/sh` or `spawn` would, from `cwd`. */
export async function findOnPath(name: string, path: string, cwd: string): Promise<PathLookup> {
  const directories: string[] = [];
  for (const entry of path.split(':')) {
    // An empty entry is the working directory, and a relative one is relative to it.
    const directory = resolve(cwd, entry);
    directories.push(directory);
    const candidate = join(directory, name);
    try {
      if ((await stat(candidate)).isFile()) {
        await access(candidate, constants.X_OK);
        return { file: candidate, directories };
      }
    } catch {
      // Not here.
    }
  }
  return { directories };
}
