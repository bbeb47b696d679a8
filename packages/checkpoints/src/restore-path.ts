import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import {
  chmod,
  lstat,
  mkdir,
  readdir,
  realpath,
  rename,
  rm,
  rmdir,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BlobStore } from './blob-store.js';
import type { FileEntry } from './file-entry.js';
import type { CheckpointExclude } from './tracked-tree.js';

/** What restoring one path did. */
export type PathRestored =
  | { readonly kind: 'restored'; readonly entry: FileEntry }
  | { readonly kind: 'deleted' }
  | { readonly kind: 'skipped'; readonly reason: string };

async function lstatIfExists(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * Removes a directory that holds nothing but directories, none of them excluded (empty
 * directories are not tracked, so no content is lost); false, with what it holds left in place,
 * when it holds anything else: a file or link nobody tracks, an excluded entry, one made meanwhile
 * (`rmdir` removes only what is empty; nothing is removed by a recursive `rm`, and no link is followed).
 */
async function removeEmptyDirectories(directory: string, exclude: CheckpointExclude): Promise<boolean> {
  if (exclude(directory, 'directory')) return false;
  let names: string[];
  try {
    // Reached through real directories only: one swapped for a link meanwhile is never listed.
    if ((await realpath(directory)) !== directory) return false;
    names = await readdir(directory);
  } catch {
    return false;
  }
  for (const name of names) {
    const below = join(directory, name);
    // Gone meanwhile, or not to be looked at: the `rmdir` below tells whether it is still there.
    const stats = await lstat(below).catch(() => undefined);
    if (stats && !(stats.isDirectory() && (await removeEmptyDirectories(below, exclude)))) return false;
  }
  return rmdir(directory).then(
    () => true,
    () => false,
  );
}

/**
 * Puts one root-relative path back to `wanted` (`null`: removes it); a directory where a file is
 * wanted is removed when it holds only (empty) directories (the caller makes every removal first,
 * deepest first). Every directory on the way
 * must be a real directory that is not excluded (a link in the way is never followed: the path is
 * skipped); missing ones are created. A file is written to a temporary name beside it and renamed
 * over, so a reader sees the old content or the new, never half.
 */
export async function restorePath(
  root: string,
  path: string,
  wanted: FileEntry | null,
  blobs: BlobStore,
  exclude: CheckpointExclude,
): Promise<PathRestored> {
  const absolute = join(root, path);
  if (exclude(absolute, 'file')) return { kind: 'skipped', reason: 'excluded from checkpoints' };
  let directory = root;
  for (const segment of path.split('/').slice(0, -1)) {
    directory = join(directory, segment);
    const stats = await lstatIfExists(directory);
    if (exclude(directory, 'directory')) return { kind: 'skipped', reason: 'excluded from checkpoints' };
    if (!stats) {
      if (wanted === null) return { kind: 'deleted' };
      await mkdir(directory);
    } else if (!stats.isDirectory()) {
      return { kind: 'skipped', reason: `${directory} is not a directory` };
    }
  }
  const existing = await lstatIfExists(absolute);
  if (existing?.isDirectory()) {
    // Emptied of its files by the removals before (a turn made or moved a directory where a file
    // was): it goes, with the empty directories it may still hold.
    const removed = wanted !== null && (await removeEmptyDirectories(absolute, exclude));
    if (!removed) return { kind: 'skipped', reason: 'a directory that is not empty is in the way' };
  }
  if (wanted === null) {
    if (existing) await unlink(absolute);
    return { kind: 'deleted' };
  }
  const temporary = join(dirname(absolute), `.toolgate-rewind-${randomUUID()}`);
  if (wanted.type === 'file') {
    if (wanted.digest === null) return { kind: 'skipped', reason: 'too large to have been kept' };
    const content = await blobs.read(wanted.digest);
    if (!content) return { kind: 'skipped', reason: 'its content is missing from the store' };
    try {
      await writeFile(temporary, content, { flag: 'wx', mode: 0o600 });
      await chmod(temporary, wanted.mode);
      await rename(temporary, absolute);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  } else {
    await symlink(wanted.target, temporary);
    try {
      await rename(temporary, absolute);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
  const stats = await lstat(absolute);
  const meta = { ctimeMs: stats.ctimeMs, ino: stats.ino };
  return {
    kind: 'restored',
    entry:
      wanted.type === 'file'
        ? { ...wanted, ...meta, size: stats.size, mtimeMs: stats.mtimeMs }
        : { ...wanted, ...meta },
  };
}
