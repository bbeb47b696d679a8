import { close, type Stats } from 'node:fs';
import { assertOpenedAt, fileCalls } from '@toolgate/core/workspace-io';

/** What `read_file` needs of an open file: its stats, reads at a position, and closing it. */
export interface ReadableFile {
  stat(): Promise<Stats>;
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

/**
 * Opens `path` with `flags` on a plain file descriptor. A `FileHandle` does the same, but
 * `fs/promises` loads readline, the REPL history and the file watchers with it, a few milliseconds
 * that every `toolgate call read_file` would pay at start. Unlike a `FileHandle`, the descriptor is
 * not closed by the garbage collector: the caller closes it, after its last read has settled.
 * `path` is the real path the workspace checked: the opened file must be the one there
 * (`assertOpenedAt`: a directory on the way swapped for a symlink since is refused, not followed).
 */
export async function openReadableFile(path: string, flags: number): Promise<ReadableFile> {
  const fd = await fileCalls.open(path, flags);
  try {
    await assertOpenedAt(fd, path);
  } catch (error) {
    close(fd, () => {});
    throw error;
  }
  return {
    stat: () => fileCalls.fstat(fd),
    read: (buffer, offset, length, position) =>
      fileCalls.read(fd, buffer, offset, length, position).then((bytesRead) => ({ bytesRead })),
    close: () => fileCalls.close(fd),
  };
}

/**
 * A file's text as a client holds it (an editor's buffer), read like the file: the disk's stats
 * (it is a regular file there) with the text's size.
 */
export function textAsReadableFile(text: string, disk: Stats): ReadableFile {
  const bytes = Buffer.from(text, 'utf8');
  const stats = Object.assign(Object.create(Object.getPrototypeOf(disk) as object) as Stats, disk, {
    size: bytes.length,
  });
  return {
    stat: async () => stats,
    read: async (buffer, offset, length, position) => {
      const end = Math.min(bytes.length, position + length);
      const copied = position < end ? bytes.copy(buffer, offset, position, end) : 0;
      return { bytesRead: copied };
    },
    close: async () => {},
  };
}
