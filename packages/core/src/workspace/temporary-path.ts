import { sep } from 'node:path';
import { isTemporaryName, TEMPORARY_SUFFIX } from './temporary-name.js';

/** Cheap first test for the paths a walker asks about: only a path holding the suffix can hold such a name. */
const MAY_HOLD = new RegExp(TEMPORARY_SUFFIX.replaceAll('.', '\\.'), 'i');

/**
 * The first name on `absolutePath` with the shape of a temporary file of an atomic write
 * ({@link isTemporaryName}), looked for below the shallowest of `bases` that holds the path (the
 * workspace root and the read roots), or in its last name when none does. Walkers never enter a
 * directory of that shape, so a path under one is refused as the directory is; the bases' own names
 * are not looked at, so a workspace that lies under such a directory still works.
 */
export function temporaryNameOnPath(absolutePath: string, bases: readonly string[]): string | undefined {
  if (!MAY_HOLD.test(absolutePath)) return undefined;
  let start = absolutePath.lastIndexOf(sep) + 1;
  for (const base of bases) {
    const prefix = base.endsWith(sep) ? base : `${base}${sep}`;
    if (prefix.length < start && absolutePath.startsWith(prefix)) start = prefix.length;
  }
  return absolutePath.slice(start).split(sep).find(isTemporaryName);
}
