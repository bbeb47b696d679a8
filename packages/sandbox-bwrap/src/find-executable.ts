import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** The absolute path of `name` on `searchPath` (a name holding `/` is taken as is), or undefined. */
export async function findExecutable(name: string, searchPath: string): Promise<string | undefined> {
  const candidates = name.includes('/')
    ? [name]
    : searchPath
        .split(delimiter)
        .filter((directory) => directory !== '')
        .map((directory) => join(directory, name));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}
