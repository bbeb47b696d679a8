import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  type Stats,
} from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BlobStore } from './blob-store.js';
import { type FileEntry, sameContent, statMatches } from './file-entry.js';
import { createTreeWatcher, type TreeWatcher } from './tree-watcher.js';

/** Decides what checkpoints never look at: protected paths, secrets, what the read policy denies. */
export type CheckpointExclude = (absolutePath: string, kind: 'file' | 'directory') => boolean;

/** How changes are found: dirty paths from directory watches, or a stat of every path (the fallback). */
export type ChangeTracking = 'watch' | 'scan';

export interface TrackedTreeOptions {
  readonly root: string;
  readonly exclude: CheckpointExclude;
  readonly blobs: BlobStore;
  readonly maxFileBytes: number;
  readonly maxStoreBytes: number;
  readonly tracking: ChangeTracking;
}

/** The workspace as toolgate last saw it, kept up to date from the watcher (or a scan). */
export interface TrackedTree {
  /** Every tracked path and its state as last seen. */
  readonly current: Map<string, FileEntry>;
  /** How changes are found now: `scan` when asked for, or once the watcher failed. */
  readonly tracking: ChangeTracking;
  /** Places the watches and walks the whole tree, storing every file (a new store's first look). */
  walkAll(): Promise<Record<string, FileEntry | null>>;
  /** What changed since the last call: dirty paths (watch) or every path (scan), contents stored. */
  collect(): Promise<Record<string, FileEntry | null>>;
  /** The path's state on disk now, its content stored: `null` when no file or link is there (or only behind a link), undefined when excluded. */
  look(path: string): Promise<FileEntry | null | undefined>;
  close(): void;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Errors that mean the path went away or is not there to be read: it is not tracked, nothing fails. */
const UNREADABLE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES', 'EPERM']);
const unreadable = (error: unknown) => UNREADABLE.has(errorCode(error) ?? '');

async function lstatIfExists(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    if (unreadable(error)) return undefined;
    throw error;
  }
}

export function createTrackedTree(options: TrackedTreeOptions, current: Map<string, FileEntry>): TrackedTree {
  const { root, exclude, blobs, maxFileBytes, maxStoreBytes } = options;
  const watcher: TreeWatcher | undefined = options.tracking === 'watch' ? createTreeWatcher(root) : undefined;
  const absolute = (path: string) => (path === '' ? root : join(root, path));
  const child = (directory: string, name: string) => (directory === '' ? name : `${directory}/${name}`);

  /** Reads one file or link without following links; undefined when it is neither or changed kind meanwhile. */
  const snapshot = (path: string, stats: Stats): FileEntry | undefined => {
    const full = absolute(path);
    if (stats.isSymbolicLink()) {
      return { type: 'symlink', target: readlinkSync(full), ctimeMs: stats.ctimeMs, ino: stats.ino };
    }
    if (!stats.isFile()) return undefined;
    // Synchronous: a checkpoint reads a few small files, a first look many, and each call through
    // the thread pool costs more than the read (the walk yields to the loop between directories).
    const fd = openSync(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const opened = fstatSync(fd);
      if (!opened.isFile()) return undefined;
      const mode = opened.mode & 0o7777;
      const meta = { size: opened.size, mtimeMs: opened.mtimeMs, ctimeMs: opened.ctimeMs, ino: opened.ino };
      if (opened.size > maxFileBytes || blobs.size + opened.size > maxStoreBytes) {
        return { type: 'file', digest: null, mode, ...meta };
      }
      return { type: 'file', digest: blobs.put(readFileSync(fd)), mode, ...meta };
    } finally {
      closeSync(fd);
    }
  };

  /**
   * True when every directory above the path is a real directory (a dirty path whose directory was
   * swapped for a link must not be read through it: it could reach outside the workspace).
   */
  const throughRealDirectories = async (path: string) => {
    if (!path.includes('/')) return true;
    const parent = dirname(absolute(path));
    try {
      return (await realpath(parent)) === parent;
    } catch {
      return false;
    }
  };

  const excluded = (path: string, stats: Stats) =>
    exclude(absolute(path), stats.isDirectory() ? 'directory' : 'file');

  /** Records the path's new state in `changes` when it differs from what toolgate last saw. */
  const examineFile = (path: string, stats: Stats, changes: Record<string, FileEntry | null>) => {
    const previous = current.get(path);
    if (previous && statMatches(previous, stats)) return;
    let entry: FileEntry | undefined;
    try {
      entry = snapshot(path, stats);
    } catch (error) {
      // Removed or replaced between the look and the read (the watcher reports it again), or unreadable.
      if (unreadable(error)) return;
      throw error;
    }
    if (!entry) {
      if (previous) {
        current.delete(path);
        changes[path] = null;
      }
      return;
    }
    current.set(path, entry);
    if (!sameContent(previous, entry)) changes[path] = entry;
  };

  const removeBelow = (directory: string, changes: Record<string, FileEntry | null>) => {
    const prefix = `${directory}/`;
    for (const path of current.keys()) {
      if (path.startsWith(prefix)) {
        current.delete(path);
        changes[path] = null;
      }
    }
    watcher?.forgetDirectory(directory);
  };

  /**
   * Walks a directory and everything below it: each directory watched before it is listed (so
   * nothing slips between), its entries stat'ed synchronously (a stat through the thread pool
   * costs several times more, and a walk is all stats), only files whose stat differs read.
   */
  const walk = async (directory: string, changes: Record<string, FileEntry | null>, seen?: Set<string>) => {
    const pending = [directory];
    let listed = 0;
    while (pending.length > 0) {
      const next = pending.pop()!;
      watcher?.watchDirectory(next);
      let names: string[];
      try {
        names = readdirSync(absolute(next));
      } catch (error) {
        if (unreadable(error)) continue;
        throw error;
      }
      const changed: { path: string; stats: Stats }[] = [];
      for (const name of names) {
        const path = child(next, name);
        let stats: Stats | undefined;
        try {
          stats = lstatSync(absolute(path), { throwIfNoEntry: false });
        } catch (error) {
          if (unreadable(error)) continue;
          throw error;
        }
        if (!stats || excluded(path, stats)) continue;
        if (stats.isDirectory()) {
          pending.push(path);
          continue;
        }
        seen?.add(path);
        const previous = current.get(path);
        if (!previous || !statMatches(previous, stats)) changed.push({ path, stats });
      }
      for (const { path, stats } of changed) examineFile(path, stats, changes);
      // Let the loop breathe during a long walk (a host answers its client meanwhile).
      if (++listed % 16 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };

  /** Looks at one dirty path (watch mode). */
  const examine = async (path: string, changes: Record<string, FileEntry | null>) => {
    // Behind a link, the path is not a tracked file any more (what the link reaches is never read).
    const stats = (await throughRealDirectories(path)) ? await lstatIfExists(absolute(path)) : undefined;
    if (!stats) {
      if (current.delete(path)) changes[path] = null;
      else if (watcher?.watching(path)) removeBelow(path, changes);
      return;
    }
    if (excluded(path, stats)) return;
    if (stats.isDirectory()) {
      if (current.delete(path)) changes[path] = null;
      // A directory its parent reports (made, moved in, removed and made again, its permissions
      // changed) is walked whole and watched anew; only what differs from the last look is read.
      const replaced = watcher?.watching(path) === true;
      const seen = new Set<string>();
      await walk(path, changes, seen);
      if (replaced) {
        const prefix = `${path}/`;
        for (const known of current.keys()) {
          if (known.startsWith(prefix) && !seen.has(known)) {
            current.delete(known);
            changes[known] = null;
          }
        }
      }
      return;
    }
    if (watcher?.watching(path)) removeBelow(path, changes);
    examineFile(path, stats, changes);
  };

  const scan = async (): Promise<Record<string, FileEntry | null>> => {
    const changes: Record<string, FileEntry | null> = {};
    const seen = new Set<string>();
    await walk('', changes, seen);
    for (const path of current.keys()) {
      if (!seen.has(path)) {
        current.delete(path);
        changes[path] = null;
      }
    }
    return changes;
  };

  return {
    current,
    get tracking() {
      return watcher && !watcher.failed ? 'watch' : 'scan';
    },
    walkAll: scan,
    async collect() {
      if (!watcher || watcher.failed) return scan();
      await watcher.settle();
      const changes: Record<string, FileEntry | null> = {};
      // Paths in the order they were reported; a directory walked brings its new entries along.
      for (const path of watcher.takeDirty()) await examine(path, changes);
      // A watch lost while looking means something may have been missed: look at everything.
      if (watcher.failed) Object.assign(changes, await scan());
      return changes;
    },
    async look(path) {
      // Behind a link (or a missing directory) there is no tracked file at this path.
      if (!(await throughRealDirectories(path))) return null;
      const stats = await lstatIfExists(absolute(path));
      // A directory (or a socket, a fifo) is no tracked file either; what is below it is looked at by its own path.
      if (!stats || (!stats.isFile() && !stats.isSymbolicLink())) return null;
      if (excluded(path, stats)) return undefined;
      try {
        return snapshot(path, stats) ?? null;
      } catch (error) {
        if (unreadable(error)) return null;
        throw error;
      }
    },
    close: () => watcher?.close(),
  };
}
