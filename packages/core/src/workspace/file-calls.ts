import {
  type BigIntStats,
  close,
  closeSync,
  type Dirent,
  fchmod,
  fchmodSync,
  fdatasync,
  fdatasyncSync,
  fstat,
  fstatSync,
  link,
  linkSync,
  lstat,
  lstatSync,
  mkdir,
  mkdirSync,
  open,
  openSync,
  read,
  readdir,
  readdirSync,
  readlink,
  readlinkSync,
  readSync,
  realpath,
  realpathSync,
  rename,
  renameSync,
  rmdir,
  rmdirSync,
  type Stats,
  stat,
  statSync,
  symlink,
  symlinkSync,
  unlink,
  unlinkSync,
  write,
  writeSync,
} from 'node:fs';

/**
 * How the workspace's file calls run, for the whole process:
 * - `thread-pool` (the default): each call on libuv's thread pool, as `fs`'s callbacks do. The
 *   event loop never waits for the disk, so a host serving a client (ACP, MCP) stays responsive
 *   even when a file system hangs (a network mount gone away).
 * - `synchronous`: each call made at once, its promise already settled, and the event loop let run
 *   between slices of calls ({@link SLICE_CALLS} calls or {@link SLICE_MS} ms, whichever ends
 *   first). A call handed to the thread pool costs some 8–12 µs of CPU against 1.5 µs made at once,
 *   which a patch of hundreds of files pays thousands of times over. For a process that serves one
 *   call (`toolgate call`), which waits for that call whichever way it runs.
 *
 * Either way, no call can wait for another process: every open of a file that is read is
 * `O_NONBLOCK` (a FIFO's open returns at once) and only regular files are read; creates are
 * exclusive; directories are opened `O_DIRECTORY`, which a FIFO fails. What a synchronous call can
 * wait for is the file system itself.
 */
export type FileCallDriver = (typeof FILE_CALL_DRIVERS)[number];

/** Every {@link FileCallDriver}, the default first. */
export const FILE_CALL_DRIVERS = ['thread-pool', 'synchronous'] as const;

/** At most this many calls run between two turns of the event loop. */
export const SLICE_CALLS = 64;
/** A slice ends once it has run this long, however few its calls. */
export const SLICE_MS = 4;

let driver: FileCallDriver = 'thread-pool';
let sliceCalls = 0;
let sliceEnds = 0;

/** Chooses how the workspace's file calls run from now on (see {@link FileCallDriver}). */
export function setFileCallDriver(chosen: FileCallDriver): void {
  driver = chosen;
  sliceCalls = 0;
  sliceEnds = 0;
}

/** How the workspace's file calls run now. */
export function fileCallDriver(): FileCallDriver {
  return driver;
}

function settled<T>(call: () => T): Promise<T> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * `call` made now, within the current slice; the first call past a slice's end waits for the event
 * loop's next turn (`setImmediate`: timers, signals and I/O run first), and starts the next slice.
 */
function now<T>(call: () => T): Promise<T> {
  if (sliceCalls < SLICE_CALLS && Date.now() < sliceEnds) {
    sliceCalls++;
    return settled(call);
  }
  return new Promise<T>((resolve) => {
    setImmediate(() => {
      sliceCalls = 1;
      sliceEnds = Date.now() + SLICE_MS;
      resolve(settled(call));
    });
  });
}

/** Which file a path names, as the file system tells it. */
export interface Inode {
  readonly dev: bigint;
  readonly ino: bigint;
}

function inodeOf(stats: BigIntStats): Inode {
  return { dev: stats.dev, ino: stats.ino };
}

/** One file call by the chosen driver: `sync` made now, or `start` on the thread pool. */
function by<T>(
  sync: () => T,
  start: (done: (error: NodeJS.ErrnoException | null, value: T) => void) => void,
): Promise<T> {
  if (driver === 'synchronous') return now(sync);
  return new Promise((resolve, reject) => {
    start((error, value) => (error ? reject(error) : resolve(value)));
  });
}

/**
 * The file-system calls of the workspace's reads and writes, as promises, each run by the driver
 * {@link setFileCallDriver} chose: the same calls, values and errors either way.
 */
export const fileCalls = {
  open: (path: string | Buffer, flags: number, mode?: number): Promise<number> =>
    by(
      () => openSync(path, flags, mode),
      (done) => open(path, flags, mode, done),
    ),
  close: (fd: number): Promise<void> =>
    by(
      () => closeSync(fd),
      (done) => close(fd, done),
    ),
  fstat: (fd: number): Promise<Stats> =>
    by(
      () => fstatSync(fd),
      (done) => fstat(fd, done),
    ),
  /** Reads into `buffer` at `offset` from file position `position`; the count read. */
  read: (fd: number, buffer: Uint8Array, offset: number, length: number, position: number): Promise<number> =>
    by(
      () => readSync(fd, buffer, offset, length, position),
      (done) => read(fd, buffer, offset, length, position, done),
    ),
  /** Writes `length` bytes of `buffer` from `offset` at file position `position`; the count written. */
  write: (
    fd: number,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number,
  ): Promise<number> =>
    by(
      () => writeSync(fd, buffer, offset, length, position),
      (done) => write(fd, buffer, offset, length, position, done),
    ),
  fchmod: (fd: number, mode: number): Promise<void> =>
    by(
      () => fchmodSync(fd, mode),
      (done) => fchmod(fd, mode, done),
    ),
  fdatasync: (fd: number): Promise<void> =>
    by(
      () => fdatasyncSync(fd),
      (done) => fdatasync(fd, done),
    ),
  lstat: (path: string): Promise<Stats> =>
    by(
      () => lstatSync(path),
      (done) => lstat(path, done),
    ),
  stat: (path: string): Promise<Stats> =>
    by(
      () => statSync(path),
      (done) => stat(path, done),
    ),
  /** The device and inode numbers of what `path` names (a link itself unless `follow`), exact. */
  inode: (path: string, follow: boolean): Promise<Inode> =>
    by(
      () => inodeOf((follow ? statSync : lstatSync)(path, { bigint: true })),
      (done) =>
        (follow ? stat : lstat)(path, { bigint: true }, (error, stats) =>
          error ? done(error, undefined as never) : done(null, inodeOf(stats)),
        ),
    ),
  readlink: (path: string): Promise<string> =>
    by(
      () => readlinkSync(path),
      (done) => readlink(path, done),
    ),
  /** The system's `realpath(3)` (`fs.realpath.native`), as `fs/promises`' `realpath` is. */
  realpath: (path: string): Promise<string> =>
    by(
      () => realpathSync.native(path),
      (done) => realpath.native(path, done),
    ),
  rename: (from: string, to: string): Promise<void> =>
    by(
      () => renameSync(from, to),
      (done) => rename(from, to, done),
    ),
  unlink: (path: string): Promise<void> =>
    by(
      () => unlinkSync(path),
      (done) => unlink(path, done),
    ),
  /** Makes one directory (not its parents). */
  mkdir: (path: string): Promise<void> =>
    by(
      () => {
        mkdirSync(path);
      },
      (done) => mkdir(path, (error) => done(error, undefined)),
    ),
  rmdir: (path: string): Promise<void> =>
    by(
      () => rmdirSync(path),
      (done) => rmdir(path, done),
    ),
  symlink: (target: string, path: string): Promise<void> =>
    by(
      () => symlinkSync(target, path),
      (done) => symlink(target, path, done),
    ),
  link: (existing: string, path: string): Promise<void> =>
    by(
      () => linkSync(existing, path),
      (done) => link(existing, path, done),
    ),
  /** The entries of a directory, with their types. */
  readdir: (path: string): Promise<Dirent[]> =>
    by(
      () => readdirSync(path, { withFileTypes: true }),
      (done) => readdir(path, { withFileTypes: true }, done),
    ),
} as const;
