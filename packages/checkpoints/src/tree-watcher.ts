import { type FSWatcher, watch } from 'node:fs';
import { join } from 'node:path';

/**
 * Change tracking by one inotify-style watch per directory (`fs.watch` without `recursive`, so
 * excluded directories such as `.git` and `node_modules` are never watched): every event marks
 * `directory/name` dirty; the checkpoint looks only at dirty paths. A watch that cannot be
 * placed (the watch limit) or fails later marks the watcher `failed`, and the checkpoints fall
 * back to scanning the tree.
 */
export interface TreeWatcher {
  /** True once a watch could not be placed or reported an error: dirty paths are then incomplete. */
  readonly failed: boolean;
  /** True when a root-relative directory has a watch (which may be the watch of one removed since). */
  watching(directory: string): boolean;
  /**
   * Watches a root-relative directory (`''` is the root), replacing its earlier watch: a
   * directory removed and made again (perhaps with the same inode number) needs a new one.
   */
  watchDirectory(directory: string): void;
  /** Stops watching a directory and every directory below it (it was removed). */
  forgetDirectory(directory: string): void;
  /** The dirty root-relative paths since the last call, and clears them. */
  takeDirty(): Set<string>;
  /** Resolves once the events the kernel has queued so far have been delivered. */
  settle(): Promise<void>;
  close(): void;
}

const nextTurnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createTreeWatcher(root: string): TreeWatcher {
  const watchers = new Map<string, FSWatcher>();
  let dirty = new Set<string>();
  let failed = false;
  const fail = () => {
    failed = true;
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
  const child = (directory: string, name: string) => (directory === '' ? name : `${directory}/${name}`);
  return {
    get failed() {
      return failed;
    },
    watching: (directory) => watchers.has(directory),
    watchDirectory(directory) {
      if (failed) return;
      const existing = watchers.get(directory);
      watchers.delete(directory);
      existing?.close();
      try {
        const watcher = watch(
          join(root, directory),
          { persistent: false, encoding: 'utf8' },
          (_event, name) => {
            // No name: which entry changed is unknown, so the dirty paths are incomplete.
            if (name) dirty.add(child(directory, name));
            else fail();
          },
        );
        watcher.on('error', () => {
          // A removed directory's watch ends; anything else leaves the picture incomplete.
          if (watchers.get(directory) === watcher) {
            watchers.delete(directory);
            watcher.close();
            dirty.add(directory);
          }
        });
        watchers.set(directory, watcher);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // Gone or replaced before the watch was placed: its parent's event brings it back.
        if (code === 'ENOENT' || code === 'ENOTDIR') {
          dirty.add(directory);
          return;
        }
        // Unreadable: nothing in it is tracked (the walk cannot list it either).
        if (code === 'EACCES' || code === 'EPERM') return;
        fail();
      }
    },
    forgetDirectory(directory) {
      const prefix = `${directory}/`;
      for (const [name, watcher] of watchers) {
        if (name === directory || directory === '' || name.startsWith(prefix)) {
          watcher.close();
          watchers.delete(name);
        }
      }
    },
    takeDirty() {
      const taken = dirty;
      dirty = new Set();
      return taken;
    },
    async settle() {
      // Events are read in the loop's poll phase; an immediate runs after it.
      await nextTurnOfTheLoop();
      await nextTurnOfTheLoop();
    },
    close: fail,
  };
}
