import { constants } from 'node:fs';
import { type FileHandle, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { trackCommit } from './commits-in-flight.js';
import { type PinnedDirectory, pathChangedError, pinDirectory } from './pin-directory.js';
import { systemErrorText } from './system-error-text.js';
import { temporaryName } from './temporary-name.js';
import { EXCLUSIVE_CREATE_FLAGS } from './write-file-atomic.js';

/** How {@link appendFile} went. */
export interface AppendFileResult {
  /** The file did not exist and was created. */
  readonly created: boolean;
  /**
   * The file had other hard links, so it was replaced by a copy holding the old content and the
   * appended bytes (atomically, like an overwrite); the other links keep the old inode untouched.
   */
  readonly linkBroken: boolean;
}

/** Options of {@link appendFile}. */
export interface AppendFileOptions {
  /** Flush the data to disk before returning. @default true */
  readonly sync?: boolean;
}

const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW;
const COPY_CHUNK_BYTES = 1024 * 1024;

function failedAppend(error: unknown, message: string): Error {
  const failure: NodeJS.ErrnoException = new Error(`${systemErrorText(error)}; ${message}`, {
    cause: error,
  });
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== undefined) failure.code = code;
  return failure;
}

/** Writes all of `data` at the end of `handle`; on failure takes the file back to `size` bytes. */
async function appendAll(
  handle: FileHandle,
  data: Uint8Array,
  size: number,
  sync: boolean,
  stop: AbortSignal,
): Promise<void> {
  let written = 0;
  try {
    while (written < data.byteLength) {
      stop.throwIfAborted();
      const { bytesWritten } = await handle.write(data, written, data.byteLength - written, null);
      written += bytesWritten;
    }
    if (sync) await handle.datasync();
  } catch (error) {
    if (written === 0) throw failedAppend(error, 'nothing was appended');
    try {
      await handle.truncate(size);
    } catch {
      throw failedAppend(
        error,
        `${written} of ${data.byteLength} bytes were appended and could not be taken back (the file was ${size} bytes before)`,
      );
    }
    throw failedAppend(error, `nothing was appended: the file is back to its original ${size} bytes`);
  }
}

/** Replaces `name` by a new file holding what `source` holds plus `data`: the hard link is broken. */
async function replaceWithAppended(
  directory: PinnedDirectory,
  name: string,
  source: FileHandle,
  data: Uint8Array,
  mode: number,
  sync: boolean,
  stop: AbortSignal,
): Promise<void> {
  const temporary = directory.entry(temporaryName(name));
  const copy = await open(temporary, EXCLUSIVE_CREATE_FLAGS, mode);
  try {
    try {
      const buffer = Buffer.alloc(COPY_CHUNK_BYTES);
      for (let position = 0; ; ) {
        stop.throwIfAborted();
        const { bytesRead } = await source.read(buffer, 0, buffer.byteLength, position);
        if (bytesRead === 0) break;
        await copy.write(buffer, 0, bytesRead);
        position += bytesRead;
      }
      await copy.write(data);
      if (sync) await copy.datasync();
      await copy.chmod(mode);
    } finally {
      await copy.close();
    }
    await rename(temporary, directory.entry(name));
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}

/**
 * Appends `data` to the file at `realPath` (a real path the workspace checked), creating it if it
 * does not exist, through the pinned directory ({@link pinDirectory}) and never through a symlink.
 * It never writes into an inode that has other hard links (one could be outside the workspace, or
 * `.git/config`): such a file is replaced atomically by an appended copy instead. A write that
 * fails midway (ENOSPC, EFBIG) truncates the file back to its original length, or removes the file
 * it created, and the error says so; when even that fails, it says exactly how many bytes stayed.
 * Tracked like {@link writeFileAtomic}: the host's exit stops it the same way.
 */
export function appendFile(
  realPath: string,
  data: Uint8Array,
  options: AppendFileOptions = {},
): Promise<AppendFileResult> {
  return trackCommit((stop) => appendTracked(realPath, data, options, stop));
}

async function appendTracked(
  realPath: string,
  data: Uint8Array,
  options: AppendFileOptions,
  stop: AbortSignal,
): Promise<AppendFileResult> {
  stop.throwIfAborted();
  const sync = options.sync ?? true;
  const name = basename(realPath);
  const directory = await pinDirectory(dirname(realPath));
  try {
    const target = directory.entry(name);
    let handle: FileHandle;
    try {
      handle = await open(target, EXCLUSIVE_CREATE_FLAGS, 0o666);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw code === 'ELOOP' ? pathChangedError(realPath) : error;
      try {
        handle = await open(target, APPEND_FLAGS);
      } catch (reopenError) {
        throw (reopenError as NodeJS.ErrnoException).code === 'ELOOP'
          ? pathChangedError(realPath)
          : reopenError;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw pathChangedError(realPath);
        if (stats.nlink > 1) {
          await replaceWithAppended(directory, name, handle, data, stats.mode & 0o7777, sync, stop);
          return { created: false, linkBroken: true };
        }
        await appendAll(handle, data, stats.size, sync, stop);
        return { created: false, linkBroken: false };
      } finally {
        await handle.close();
      }
    }
    try {
      await appendAll(handle, data, 0, sync, stop);
    } catch (error) {
      await handle.close();
      await unlink(target).catch(() => {});
      throw failedAppend(error, 'the file it was creating was removed');
    }
    await handle.close();
    return { created: true, linkBroken: false };
  } finally {
    await directory.close();
  }
}
