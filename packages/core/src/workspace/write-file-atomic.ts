import { constants } from 'node:fs';
import { basename, dirname } from 'node:path';
import { trackCommit } from './commits-in-flight.js';
import { fileCalls } from './file-calls.js';
import { type PinnedDirectory, pinDirectory } from './pin-directory.js';
import { temporaryName } from './temporary-name.js';
import { writeAll } from './write-all.js';

/** Options for {@link writeFileAtomic}. */
export interface WriteFileAtomicOptions {
  /** Mode bits of the new file. @default the existing file's mode, else 0o666 less the umask */
  readonly mode?: number;
  /**
   * Flush the data to disk before the rename, so a crash cannot leave an empty file behind. Readers
   * see the old content or the new either way; turn it off for bulk writes where speed matters more
   * than surviving a power loss. @default true
   */
  readonly sync?: boolean;
  /**
   * The host's exit stops the write ({@link settleCommits} with `stop`): its temporary file is
   * removed, the target is left as it was and the write throws. A rollback that puts a file back
   * passes false, so it completes. @default true
   */
  readonly stoppable?: boolean;
  /**
   * The target's directory, pinned by the caller ({@link pinDirectory} of `dirname(realPath)`), who
   * writes many files into it and checks it ({@link PinnedDirectory.verify}) and closes it once they
   * are written. @default pinned here for this one write
   */
  readonly directory?: PinnedDirectory;
}

/** Flags of a temporary file: created here and now, never through a symlink. */
export const EXCLUSIVE_CREATE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Writes a file so that readers and crashes see the old content or the new, never a mix: a
 * temporary file beside the target, flushed, then renamed over it, keeping the target's mode.
 * Pass the *real* path: a symlink's target is replaced and the link stays a link. The directory is
 * pinned first ({@link pinDirectory}), so a directory swapped after the check cannot redirect the
 * write. A failed write removes its temporary file.
 */
export function writeFileAtomic(
  realPath: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions = {},
): Promise<void> {
  // Tracked, so the host waits for the rename or the temporary file's removal before it exits.
  return trackCommit((stop) =>
    writeTracked(realPath, data, options, options.stoppable === false ? undefined : stop),
  );
}

async function writeTracked(
  realPath: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions,
  stop: AbortSignal | undefined,
): Promise<void> {
  stop?.throwIfAborted();
  const given = options.directory;
  if (given && given.realPath !== dirname(realPath)) {
    throw new Error(`writeFileAtomic: ${realPath} is not in the pinned directory ${given.realPath}`);
  }
  const directory = given ?? (await pinDirectory(dirname(realPath)));
  try {
    const target = directory.entry(basename(realPath));
    let mode = options.mode;
    if (mode === undefined) {
      try {
        mode = (await fileCalls.stat(target)).mode & 0o7777;
      } catch {
        mode = undefined;
      }
    }
    const temporary = directory.entry(temporaryName(basename(realPath)));
    const fd = await fileCalls.open(temporary, EXCLUSIVE_CREATE_FLAGS, mode ?? 0o666);
    try {
      try {
        await writeAll(fd, typeof data === 'string' ? Buffer.from(data) : data, stop);
        if (options.sync !== false) await fileCalls.fdatasync(fd);
        if (mode !== undefined) await fileCalls.fchmod(fd, mode);
      } finally {
        await fileCalls.close(fd);
      }
      await fileCalls.rename(temporary, target);
    } catch (error) {
      await fileCalls.unlink(temporary).catch(() => {});
      throw error;
    }
  } finally {
    if (!given) await directory.close();
  }
}
