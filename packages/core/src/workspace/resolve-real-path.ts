import { lstat, readlink, realpath } from 'node:fs/promises';
import { isAbsolute, join, sep } from 'node:path';

/** Where a path really leads. `exists` is false when some component (or a link's target) is missing. */
export type RealPath =
  | { readonly ok: true; readonly realPath: string; readonly exists: boolean }
  | {
      readonly ok: false;
      readonly reason: 'symlink_loop' | 'not_a_directory' | 'io_error';
      readonly message: string;
    };

const MAX_LINK_HOPS = 40;

function splitSegments(path: string): string[] {
  return path.split(sep).filter((segment) => segment !== '' && segment !== '.');
}

/**
 * Resolves every symlink in an absolute path, as the kernel would when the path is opened or
 * created: `..` applies after the link before it is followed, dangling links lead to their
 * target, and a path that does not exist yet resolves through its nearest existing parent.
 */
export async function resolveRealPath(absolutePath: string): Promise<RealPath> {
  try {
    return { ok: true, realPath: await realpath(absolutePath), exists: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ELOOP' && code !== 'ENOTDIR') {
      return { ok: false, reason: 'io_error', message: (error as Error).message };
    }
  }
  const pending = splitSegments(absolutePath);
  let current: string = sep;
  let hops = 0;
  while (pending.length > 0) {
    const segment = pending.shift()!;
    if (segment === '..') {
      current = join(current, '..');
      continue;
    }
    const next = join(current, segment);
    let isLink: boolean;
    try {
      isLink = (await lstat(next)).isSymbolicLink();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { ok: true, realPath: join(next, ...pending), exists: false };
      if (code === 'ENOTDIR') {
        return { ok: false, reason: 'not_a_directory', message: `${current} is not a directory` };
      }
      return { ok: false, reason: 'io_error', message: (error as Error).message };
    }
    if (!isLink) {
      current = next;
      continue;
    }
    hops++;
    if (hops > MAX_LINK_HOPS) {
      return { ok: false, reason: 'symlink_loop', message: `too many levels of symbolic links at ${next}` };
    }
    const target = await readlink(next);
    if (isAbsolute(target)) current = sep;
    pending.unshift(...splitSegments(target));
  }
  return { ok: true, realPath: current, exists: true };
}
