import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The file `/bin/sh` or `spawn` would run for a program name without `/`, looked up on `path`. */
export async function findOnPath(name: string, path: string, cwd: string): Promise<string | undefined> {
  for (const entry of path.split(':')) {
    // An empty entry is the working directory, and a relative one is relative to it.
    const candidate = join(resolve(cwd, entry), name);
    try {
      if ((await stat(candidate)).isFile()) {
        await access(candidate, constants.X_OK);
        return candidate;
      }
    } catch {
      // Not here.
    }
  }
  return undefined;
}
