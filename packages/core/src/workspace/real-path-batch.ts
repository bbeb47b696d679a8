import type { Dirent } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { fileCalls } from './file-calls.js';
import { type RealPath, resolveRealPath } from './resolve-real-path.js';

/**
 * Real paths of many paths resolved in one pass: each directory named by several of them is
 * resolved once and listed once, instead of one lookup per path. `lookup` answers only where the
 * listing decides it exactly as {@link resolveRealPath} would (an entry that is not a symbolic
 * link); for anything else (a link, a name the listing does not hold, a directory that cannot be
 * listed) it answers undefined and the caller resolves that path on its own.
 */
export interface RealPathBatch {
  lookup(absolutePath: string): Promise<RealPath | undefined>;
}

/** Names below this many in one directory are looked up one by one: a listing would not pay. */
const LISTING_MIN_NAMES = 8;
/**
 * A directory is listed only when the batch names about one entry per this many bytes of it (its
 * size as `stat` gives it: ~20–30 bytes an entry on tmpfs and ext4), so a patch of a few files in
 * a directory of a hundred thousand never reads the whole directory.
 */
const LISTING_BYTES_PER_NAME = 512;

/** The name a path ends in, when a listing of its parent can answer for it. */
function listedName(absolutePath: string): string | undefined {
  if (absolutePath.endsWith(sep)) return undefined;
  const name = basename(absolutePath);
  return name === '' || name === '.' || name === '..' ? undefined : name;
}

interface Listing {
  /** The directory's real path. */
  readonly realPath: string;
  /** Its entries by name; undefined when it was not listed. */
  readonly entries?: ReadonlyMap<string, Dirent>;
}

/** A batch over `absolutePaths` (the paths it will be asked about, as they will be asked). */
export function createRealPathBatch(absolutePaths: readonly string[]): RealPathBatch {
  const counts = new Map<string, number>();
  for (const path of absolutePaths) {
    if (listedName(path) === undefined) continue;
    const parent = dirname(path);
    counts.set(parent, (counts.get(parent) ?? 0) + 1);
  }
  const listings = new Map<string, Promise<Listing | undefined>>();
  const list = async (parent: string, names: number): Promise<Listing | undefined> => {
    const real = await resolveRealPath(parent);
    if (!real.ok || !real.exists) return undefined;
    try {
      if ((await fileCalls.stat(real.realPath)).size > names * LISTING_BYTES_PER_NAME) return undefined;
      const entries = await fileCalls.readdir(real.realPath);
      return { realPath: real.realPath, entries: new Map(entries.map((entry) => [entry.name, entry])) };
    } catch {
      return undefined;
    }
  };
  return {
    async lookup(absolutePath) {
      const name = listedName(absolutePath);
      if (name === undefined) return undefined;
      const parent = dirname(absolutePath);
      const names = counts.get(parent) ?? 0;
      if (names < LISTING_MIN_NAMES) return undefined;
      let listing = listings.get(parent);
      if (!listing) {
        listing = list(parent, names);
        listings.set(parent, listing);
      }
      const entry = (await listing)?.entries?.get(name);
      // A link is followed by the full resolution; a type the listing does not give (DT_UNKNOWN)
      // and a name it does not hold (maybe the same file by another case or normalization, on a
      // file system that folds them) are looked up there too.
      if (entry === undefined || entry.isSymbolicLink() || !hasType(entry)) return undefined;
      return { ok: true, realPath: join((await listing)!.realPath, name), exists: true };
    },
  };
}

function hasType(entry: Dirent): boolean {
  return (
    entry.isFile() ||
    entry.isDirectory() ||
    entry.isFIFO() ||
    entry.isSocket() ||
    entry.isCharacterDevice() ||
    entry.isBlockDevice()
  );
}
