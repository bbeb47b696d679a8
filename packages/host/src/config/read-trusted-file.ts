import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

/** A workspace file as trust reads it: its bytes, or why trust refuses it. */
export type TrustedFileRead =
  | { readonly ok: true; readonly content: Buffer }
  | { readonly ok: false; readonly missing: boolean; readonly reason: string };

/** The path of `absolute` relative to `root` with `/`, or undefined when it is not inside. */
export function workspaceRelative(root: string, absolute: string): string | undefined {
  const rel = relative(root, absolute);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

function tooLarge(rel: string, size: number, maxBytes: number): TrustedFileRead {
  return {
    ok: false,
    missing: false,
    reason: `${rel} has ${size} bytes, more than the ${maxBytes} toolgate reads of such a file: shorten it or move it out`,
  };
}

/**
 * Reads a file that trust covers, by its path relative to the workspace's real root, without
 * following anything: every directory on the way and the file itself must be what they are named
 * (no symlink), and the file a regular file with one name (a hard link's other name would be an
 * unprotected way to change it), of at most `maxBytes` when given. What is refused says why, for
 * the person to fix.
 */
export async function readTrustedFile(
  root: string,
  rel: string,
  maxBytes?: number,
): Promise<TrustedFileRead> {
  const segments = rel.split('/');
  let path = root;
  for (const [index, segment] of segments.entries()) {
    path = join(path, segment);
    const shown = segments.slice(0, index + 1).join('/');
    let stats: Awaited<ReturnType<typeof lstat>>;
    try {
      stats = await lstat(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return {
        ok: false,
        missing: code === 'ENOENT' || code === 'ENOTDIR',
        reason: `${shown} cannot be read (${code ?? String(error)})`,
      };
    }
    if (stats.isSymbolicLink())
      return {
        ok: false,
        missing: false,
        reason: `${shown} is a symlink; toolgate does not follow symlinks in what it trusts (the link's target would not be protected): replace it with the file or directory it points to`,
      };
    const last = index === segments.length - 1;
    if (!last && !stats.isDirectory())
      return { ok: false, missing: true, reason: `${shown} is not a directory` };
    if (last && !stats.isFile())
      return {
        ok: false,
        missing: false,
        reason: `${shown} is not a regular file; toolgate trusts only regular files`,
      };
    if (last && stats.nlink > 1)
      return {
        ok: false,
        missing: false,
        reason: `${shown} has ${stats.nlink} hard links; toolgate trusts a file only under its one name (another name could change it unprotected): copy it instead of linking`,
      };
    if (last && maxBytes !== undefined && stats.size > maxBytes) return tooLarge(rel, stats.size, maxBytes);
  }
  // Read through one descriptor opened without following a link, so what is digested is what was
  // checked, and without waiting (a FIFO swapped in since the check would block the open), then
  // judged by its fstat.
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return {
      ok: false,
      missing: false,
      reason: `${rel} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.nlink > 1)
      return { ok: false, missing: false, reason: `${rel} changed while it was read` };
    if (maxBytes !== undefined && stats.size > maxBytes) return tooLarge(rel, stats.size, maxBytes);
    const content = await handle.readFile();
    // Grown since the fstat: refused, not cut.
    if (maxBytes !== undefined && content.length > maxBytes) return tooLarge(rel, content.length, maxBytes);
    return { ok: true, content };
  } finally {
    await handle.close();
  }
}
