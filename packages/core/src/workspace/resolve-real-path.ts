import type { Stats } from 'node:fs';
import { dirname, isAbsolute, join, sep } from 'node:path';
import { fileCalls } from './file-calls.js';
import { systemErrorText } from './system-error-text.js';

/** Where a path really leads. `exists` is false when some component (or a link's target) is missing. */
export type RealPath =
  | { readonly ok: true; readonly realPath: string; readonly exists: boolean }
  | {
      readonly ok: false;
      /**
       * `not_found`: `..` follows a component that does not exist (the kernel fails it with ENOENT);
       * `changed`: a component kept changing between two looks at it (another process is swapping it).
       */
      readonly reason: 'symlink_loop' | 'not_a_directory' | 'not_found' | 'changed' | 'io_error';
      readonly message: string;
    };

const MAX_LINK_HOPS = 40;
/** Looks at one component that changed under us before giving up on it. */
const MAX_RETRIES = 3;

/**
 * The components of a path. `.` and a trailing separator are kept as `.`: they say the component
 * before them must be a directory (`file/.` and `file/` fail with ENOTDIR in the kernel).
 */
function splitSegments(path: string): string[] {
  const parts = path.split(sep);
  const segments = parts.filter((segment) => segment !== '');
  if (parts.length > 1 && parts.at(-1) === '') segments.push('.');
  return segments;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/**
 * Resolves every symlink in an absolute path component by component, as the kernel does when the
 * path is opened or created: each link is followed where it stands, `..` applies to the real
 * directory reached so far, and dangling links lead to their target. A path that does not exist
 * yet resolves through its nearest existing parent, and the names below that parent are kept as
 * they are; `..` after a missing component fails, as it does in the kernel (nothing is folded by
 * string). Never throws.
 */
export async function resolveRealPath(absolutePath: string): Promise<RealPath> {
  try {
    return { ok: true, realPath: await fileCalls.realpath(absolutePath), exists: true };
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'ENOENT' && code !== 'ELOOP' && code !== 'ENOTDIR') {
      return { ok: false, reason: 'io_error', message: systemErrorText(error) };
    }
  }
  const pending = splitSegments(absolutePath);
  // `current` is always a real, existing directory until `missing` is set.
  let current: string = sep;
  let missing: string | undefined;
  const below: string[] = [];
  let hops = 0;
  let retries = 0;
  while (pending.length > 0) {
    const segment = pending.shift()!;
    // `current` is a directory here (a file followed by more components was refused below).
    if (segment === '.') continue;
    if (missing !== undefined) {
      if (segment === '..') {
        return {
          ok: false,
          reason: 'not_found',
          message: `${join(missing, ...below)} does not exist, so ".." after it leads nowhere`,
        };
      }
      below.push(segment);
      continue;
    }
    if (segment === '..') {
      current = dirname(current);
      continue;
    }
    const next = join(current, segment);
    let stats: Stats;
    try {
      stats = await fileCalls.lstat(next);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT') {
        missing = next;
        continue;
      }
      if (code === 'ENOTDIR') {
        return { ok: false, reason: 'not_a_directory', message: `${current} is not a directory` };
      }
      return { ok: false, reason: 'io_error', message: systemErrorText(error) };
    }
    if (stats.isSymbolicLink()) {
      let target: string;
      try {
        target = await fileCalls.readlink(next);
      } catch (error) {
        const code = errorCode(error);
        // EINVAL: no longer a link; ENOENT: gone. Another process changed it since lstat: look again.
        if ((code === 'EINVAL' || code === 'ENOENT') && retries < MAX_RETRIES) {
          retries++;
          pending.unshift(segment);
          continue;
        }
        if (code === 'EINVAL' || code === 'ENOENT') {
          return {
            ok: false,
            reason: 'changed',
            message: `${next} kept changing while it was being resolved (another process is replacing it)`,
          };
        }
        return { ok: false, reason: 'io_error', message: systemErrorText(error) };
      }
      hops++;
      if (hops > MAX_LINK_HOPS) {
        return { ok: false, reason: 'symlink_loop', message: `too many levels of symbolic links at ${next}` };
      }
      if (isAbsolute(target)) current = sep;
      pending.unshift(...splitSegments(target));
      continue;
    }
    if (!stats.isDirectory() && pending.length > 0) {
      return { ok: false, reason: 'not_a_directory', message: `${next} is not a directory` };
    }
    current = next;
  }
  if (missing !== undefined) return { ok: true, realPath: join(missing, ...below), exists: false };
  return { ok: true, realPath: current, exists: true };
}
