import { basename, dirname } from 'node:path';
import { trackCommit } from './commits-in-flight.js';
import { fileCalls } from './file-calls.js';
import { pinDirectory } from './pin-directory.js';
import { temporaryName } from './temporary-name.js';
import { writeAll } from './write-all.js';
import { EXCLUSIVE_CREATE_FLAGS } from './write-file-atomic.js';

/** Errors from `link()` on file systems without hard links. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'EMLINK', 'ENOSYS']);

/** Creates `path` and fills it; a file it created but could not fill (or was stopped) is removed. */
async function writeAndSync(path: string, data: Uint8Array, stop: AbortSignal): Promise<void> {
  const fd = await fileCalls.open(path, EXCLUSIVE_CREATE_FLAGS, 0o666);
  let filled = false;
  try {
    await writeAll(fd, data, stop);
    await fileCalls.fdatasync(fd);
    filled = true;
  } finally {
    await fileCalls.close(fd);
    if (!filled) await fileCalls.unlink(path).catch(() => {});
  }
}

/**
 * Creates a file only if nothing exists at `realPath`, atomically: the content goes to a temporary
 * file beside it, which `link()` puts in place (failing with EEXIST if a file appeared meanwhile),
 * so nobody ever sees the file half-written. Where hard links are unsupported, falls back to an
 * exclusive open. The directory is pinned ({@link pinDirectory}). Returns false when the file
 * already exists. Tracked like {@link writeFileAtomic}: the host's exit stops it, leaving nothing.
 */
export function createFileExclusive(realPath: string, data: Uint8Array): Promise<boolean> {
  return trackCommit((stop) => createTracked(realPath, data, stop));
}

async function createTracked(realPath: string, data: Uint8Array, stop: AbortSignal): Promise<boolean> {
  stop.throwIfAborted();
  const directory = await pinDirectory(dirname(realPath));
  try {
    const target = directory.entry(basename(realPath));
    const temporary = directory.entry(temporaryName(basename(realPath)));
    try {
      await writeAndSync(temporary, data, stop);
      try {
        await fileCalls.link(temporary, target);
        return true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') return false;
        if (!code || !NO_HARD_LINKS.has(code)) throw error;
      }
    } finally {
      await fileCalls.unlink(temporary).catch(() => {});
    }
    try {
      await writeAndSync(target, data, stop);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  } finally {
    await directory.close();
  }
}
