import { constants } from 'node:fs';
import { fileCalls } from './file-calls.js';
import { assertOpenedAt } from './opened-at.js';
import { readWhole } from './read-whole.js';

/** What {@link readRegularFile} found at a path. */
export type RegularFileRead =
  /** A regular file, read whole; `mode` holds its permission bits. */
  | { readonly kind: 'file'; readonly bytes: Buffer; readonly mode: number }
  /** Nothing there. */
  | { readonly kind: 'missing' }
  | { readonly kind: 'directory' }
  /** A FIFO, socket or device: opened without blocking, never read. */
  | { readonly kind: 'not_regular' }
  /** The last component is a symbolic link (the path given was meant to be a real path). */
  | { readonly kind: 'symbolic_link' }
  /** A regular file larger than the limit: not read. */
  | { readonly kind: 'too_large'; readonly size: number; readonly limit: number };

/** Options of {@link readRegularFile}. */
export interface ReadRegularFileOptions {
  /** Larger files are not read (`too_large`). */
  readonly maxBytes: number;
  /**
   * The path is a real path a workspace checked: the opened file must be the one there
   * (`assertOpenedAt`), or the read throws the error `isPathChangedError` tells apart. @default false
   */
  readonly checkedRealPath?: boolean;
}

/**
 * Reads a whole regular file without ever blocking on anything else: it opens with `O_NONBLOCK`
 * (a FIFO without a writer would otherwise block the open, and its read would block forever) and
 * `O_NOFOLLOW`, then checks the *opened* file with fstat, so a FIFO swapped in between a caller's
 * check and this open is still refused unread. Sockets fail the open and count as not regular.
 * Other errors (permissions, I/O) throw, with the system's error.
 */
export async function readRegularFile(
  realPath: string,
  options: ReadRegularFileOptions,
): Promise<RegularFileRead> {
  let fd: number;
  try {
    fd = await fileCalls.open(realPath, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    if (code === 'ELOOP') return { kind: 'symbolic_link' };
    // ENXIO: a Unix socket; a device without a driver behind it.
    if (code === 'ENXIO' || code === 'ENODEV') return { kind: 'not_regular' };
    throw error;
  }
  try {
    if (options.checkedRealPath) await assertOpenedAt(fd, realPath);
    const stats = await fileCalls.fstat(fd);
    if (stats.isDirectory()) return { kind: 'directory' };
    if (!stats.isFile()) return { kind: 'not_regular' };
    if (stats.size > options.maxBytes)
      return { kind: 'too_large', size: stats.size, limit: options.maxBytes };
    // The size fstat gave: bytes a concurrent writer appends later are not this read's.
    return { kind: 'file', bytes: await readWhole(fd, stats.size), mode: stats.mode & 0o7777 };
  } finally {
    await fileCalls.close(fd);
  }
}
