import { constants } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileCalls } from './file-calls.js';

/**
 * A directory held open after checking that it is the real path the workspace resolved. Every
 * entry is named through the held descriptor (`/proc/self/fd/N/name` on Linux), so renaming or
 * swapping any ancestor for a symlink after the check cannot redirect a create, write, rename or
 * unlink to somewhere else.
 */
export interface PinnedDirectory {
  /** The real absolute path the directory had when it was pinned. */
  readonly realPath: string;
  /**
   * True when the directory is held by a descriptor (Linux with `/proc`). False elsewhere (macOS):
   * entries are then named by path, checked just before use, and a swap in between is not prevented.
   */
  readonly pinned: boolean;
  /**
   * The held descriptor when {@link pinned} (undefined otherwise): a child process can be started in
   * the directory itself through `/proc/<pid>/fd/<descriptor>`, never through its path.
   */
  readonly descriptor: number | undefined;
  /** Directories created to reach it (outermost first), when pinned with `create`. */
  readonly created: readonly string[];
  /** A path naming `name` (one segment) inside the pinned directory. */
  entry(name: string): string;
  /**
   * Checks that the directory is still at its real path (no ancestor moved or swapped since it was
   * pinned); throws the error {@link isPathChangedError} tells apart otherwise. One pin used for
   * many entries calls it once they are written, so a swap among them is caught, not followed.
   */
  verify(): Promise<void>;
  /** Releases the descriptor. */
  close(): Promise<void>;
}

/** Options of {@link pinDirectory}. */
export interface PinDirectoryOptions {
  /** Create the missing directories, each one inside the pinned one above it (`mkdir -p`). @default false */
  readonly create?: boolean;
}

const PATH_CHANGED = 'ETOOLGATE_PATH_CHANGED';

/**
 * A directory on the way to a write (or, `what: 'file'`, a file opened to be read) is not the one
 * that was checked: another process replaced it.
 */
export function pathChangedError(
  path: string,
  what: 'directory' | 'file' = 'directory',
): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(
    what === 'directory'
      ? `${path} is no longer the directory that was checked (another process moved, removed or replaced it with a symlink)`
      : `${path} is no longer the file that was checked (another process moved it or replaced a directory on its way with a symlink)`,
  );
  error.code = PATH_CHANGED;
  error.path = path;
  return error;
}

/** True for the error {@link pinDirectory} and the writes built on it throw when a checked directory was swapped. */
export function isPathChangedError(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === PATH_CHANGED;
}

const DIRECTORY_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** `/proc/self/fd` answers on this system (checked once; false off Linux or without /proc). */
let procAvailable: boolean | undefined;

/**
 * Opens `path` as a directory without following a final symlink; a symlink there means it changed.
 * A plain descriptor, not a `FileHandle`: `fs/promises`, which a handle needs, costs a one-shot
 * write a millisecond or two to load, and every path below closes what it opened.
 */
async function openDirectory(path: string, shownAs: string): Promise<number> {
  try {
    return await fileCalls.open(path, DIRECTORY_FLAGS);
  } catch (error) {
    // O_DIRECTORY | O_NOFOLLOW on a symlink gives ENOTDIR (ELOOP on some systems): tell them apart.
    if (errorCode(error) === 'ELOOP') throw pathChangedError(shownAs);
    if (errorCode(error) === 'ENOTDIR') {
      // A symlink now, or a directory again after a swap: it changed. A file there is a plain ENOTDIR.
      const stats = await fileCalls.lstat(path).catch(() => undefined);
      if (stats?.isSymbolicLink() || stats?.isDirectory()) throw pathChangedError(shownAs);
    }
    throw error;
  }
}

function closeDescriptor(fd: number): Promise<void> {
  return fileCalls.close(fd);
}

function byDescriptor(realPath: string, fd: number, created: string[]): PinnedDirectory {
  let closed: Promise<void> | undefined;
  return {
    realPath,
    pinned: true,
    descriptor: fd,
    created,
    entry: (name) => `/proc/self/fd/${fd}/${name}`,
    verify: async () => {
      // A directory removed meanwhile reads back as `<path> (deleted)`: changed too.
      const actual = await fileCalls.readlink(`/proc/self/fd/${fd}`).catch(() => undefined);
      if (actual !== realPath) throw pathChangedError(realPath);
    },
    // Closed once, however often asked: a second close of a plain descriptor could close another
    // file that was given the same number meanwhile.
    close: () => {
      closed ??= closeDescriptor(fd);
      return closed;
    },
  };
}

function byPath(realPath: string, created: string[]): PinnedDirectory {
  return {
    realPath,
    pinned: false,
    descriptor: undefined,
    created,
    entry: (name) => join(realPath, name),
    verify: async () => {
      if ((await fileCalls.realpath(realPath).catch(() => undefined)) !== realPath)
        throw pathChangedError(realPath);
    },
    close: async () => {},
  };
}

/** Opens the existing directory at `realPath` and checks, through the descriptor, that it is really there. */
async function pinExisting(realPath: string, created: string[]): Promise<PinnedDirectory> {
  const fd = await openDirectory(realPath, realPath);
  if (procAvailable !== false && process.platform === 'linux') {
    // Only the readlink is tried: the descriptor is closed on exactly one path below (a second
    // close of a plain descriptor could close a file that was given its number meanwhile).
    const actual = await fileCalls.readlink(`/proc/self/fd/${fd}`).catch(() => undefined);
    procAvailable = actual !== undefined;
    if (actual === realPath) return byDescriptor(realPath, fd, created);
    if (actual !== undefined) {
      await closeDescriptor(fd);
      throw pathChangedError(realPath);
    }
  }
  await closeDescriptor(fd);
  // Best effort without /proc: the path is checked again just before each use.
  if ((await fileCalls.realpath(realPath)) !== realPath) throw pathChangedError(realPath);
  return byPath(realPath, created);
}

/**
 * Pins the directory at `realPath` (a real path the workspace resolved and checked): opens it and
 * verifies that the descriptor is that path, so a swap of it or of an ancestor between the check
 * and the write is detected (`isPathChangedError`) instead of followed. With `create`, the
 * missing directories are made one at a time, each inside the pinned one above it and opened
 * without following symlinks, so `mkdir -p` can never create anything elsewhere.
 */
export async function pinDirectory(
  realPath: string,
  options: PinDirectoryOptions = {},
): Promise<PinnedDirectory> {
  const missing: string[] = [];
  let existing = realPath;
  let pin: PinnedDirectory;
  const created: string[] = [];
  for (;;) {
    try {
      pin = await pinExisting(existing, created);
      break;
    } catch (error) {
      const code = errorCode(error);
      const parent = dirname(existing);
      if (options.create && code === 'ENOENT' && parent !== existing) {
        missing.unshift(basename(existing));
        existing = parent;
        continue;
      }
      // Without `create` it was checked to be a directory moments ago: a symlink or file replaced it.
      if (!options.create && code === 'ENOTDIR') throw pathChangedError(realPath);
      throw error;
    }
  }
  for (const name of missing) {
    const path = join(pin.realPath, name);
    try {
      try {
        await fileCalls.mkdir(pin.entry(name));
        created.push(path);
      } catch (error) {
        // Made meanwhile by someone else: fine if it is a real directory, which the open checks.
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      if (pin.pinned) {
        const fd = await openDirectory(pin.entry(name), path);
        // The new pin first, so that a failing close of the one above still closes it (below).
        const above = pin;
        pin = byDescriptor(path, fd, created);
        await above.close();
      } else {
        if ((await fileCalls.realpath(path)) !== path) throw pathChangedError(path);
        pin = byPath(path, created);
      }
    } catch (error) {
      await pin.close();
      throw error;
    }
  }
  return pin;
}
