import { randomBytes } from 'node:crypto';
import { chmod, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

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
}

/**
 * Writes a file so that readers and crashes see the old content or the new, never a mix: a
 * temporary file beside the target, flushed, then renamed over it, keeping the target's mode.
 * Pass the *real* path: a symlink's target is replaced and the link stays a link. A failed write
 * removes its temporary file.
 */
export async function writeFileAtomic(
  realPath: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions = {},
): Promise<void> {
  let mode = options.mode;
  if (mode === undefined) {
    try {
      mode = (await stat(realPath)).mode & 0o7777;
    } catch {
      mode = undefined;
    }
  }
  // Only a prefix of the name: the temporary name must stay within the 255-byte limit on names.
  const prefix = Buffer.from(basename(realPath)).subarray(0, 100).toString();
  const temporary = join(dirname(realPath), `.${prefix}.${randomBytes(6).toString('hex')}.toolgate-tmp`);
  const handle = await open(temporary, 'wx', mode ?? 0o666);
  try {
    try {
      await handle.writeFile(data);
      if (options.sync !== false) await handle.datasync();
    } finally {
      await handle.close();
    }
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, realPath);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}
