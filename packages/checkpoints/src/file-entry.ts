import type { Stats } from 'node:fs';

/**
 * What a checkpoint knows of one path: a regular file (its content's digest in the blob store,
 * or `null` when it was larger than the store takes) or a symbolic link (its target, never
 * followed). The stat fields tell a later look whether the path may have changed without reading it.
 */
export type FileEntry =
  | {
      readonly type: 'file';
      /** sha256 of the content, hex; `null` when the file was too large to keep. */
      readonly digest: string | null;
      /** Permission bits. */
      readonly mode: number;
      readonly size: number;
      readonly mtimeMs: number;
      readonly ctimeMs: number;
      readonly ino: number;
    }
  | {
      readonly type: 'symlink';
      readonly target: string;
      readonly ctimeMs: number;
      readonly ino: number;
    };

/** True when the path's stat says it is still the entry toolgate saw (same inode, size and times). */
export function statMatches(entry: FileEntry, stats: Stats): boolean {
  if (entry.ino !== stats.ino || entry.ctimeMs !== stats.ctimeMs) return false;
  if (entry.type === 'symlink') return stats.isSymbolicLink();
  return stats.isFile() && entry.size === stats.size && entry.mtimeMs === stats.mtimeMs;
}

/** True when two states of a path hold the same thing (content and permissions, or link target). */
export function sameContent(
  left: FileEntry | null | undefined,
  right: FileEntry | null | undefined,
): boolean {
  if (!left || !right) return !left && !right;
  if (left.type === 'symlink' || right.type === 'symlink') {
    return left.type === 'symlink' && right.type === 'symlink' && left.target === right.target;
  }
  if (left.digest === null || right.digest === null) {
    return left.digest === right.digest && left.size === right.size && left.mtimeMs === right.mtimeMs;
  }
  return left.digest === right.digest && left.mode === right.mode;
}
