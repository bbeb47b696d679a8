import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';

/** A path relative to the workspace root when it lies inside it (an absolute one too), else undefined. */
export async function workspaceRelative(root: string, path: string): Promise<string | undefined> {
  let absolute = isAbsolute(path) ? normalize(path) : normalize(`${root}${sep}${path}`);
  if (isAbsolute(path)) {
    // The real path when it exists; else its nearest existing directory's, with the rest as given.
    for (let rest = '', current = absolute; ; ) {
      const real = await realpath(current).catch(() => undefined);
      if (real !== undefined) {
        absolute = rest === '' ? real : join(real, rest);
        break;
      }
      const parent = dirname(current);
      if (parent === current) break;
      rest = rest === '' ? relative(parent, current) : join(relative(parent, current), rest);
      current = parent;
    }
  }
  const rel = relative(root, absolute);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel) ? rel : undefined;
}
