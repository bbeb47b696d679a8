import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** A path to hide inside the sandbox: a file (shown unreadable) or a directory (shown empty). */
export interface MaskedPath {
  readonly path: string;
  readonly kind: 'file' | 'directory';
  /** For a file: what is bound in its place. @default '/dev/null' */
  readonly source?: string;
}

/** Directories not searched for secrets: too large to walk per command, and not the user's own. */
export const UNSEARCHED_DIRECTORIES: readonly string[] = ['.git', 'node_modules'];

async function maskOf(path: string, entry: Dirent): Promise<MaskedPath | undefined> {
  if (!entry.isSymbolicLink()) return { path, kind: entry.isDirectory() ? 'directory' : 'file' };
  // A secret reached through a link is masked where it really is; a dangling link shows nothing.
  try {
    const target = await realpath(path);
    return { path: target, kind: (await stat(target)).isDirectory() ? 'directory' : 'file' };
  } catch {
    return undefined;
  }
}

/**
 * Whether the host's read policy denies a workspace path: `path` is relative to the root with `/`,
 * `directory` true for a directory (denying one masks it whole and prunes the walk below it).
 */
export type ReadDenied = (path: string, directory: boolean) => boolean;

/**
 * Every entry under `root` whose name `isSecret` accepts or whose root-relative path `isDenied`
 * denies, walking real directories only (links are not followed into), pruning a masked directory
 * and skipping {@link UNSEARCHED_DIRECTORIES} (which are still asked about themselves). A directory
 * that cannot be read is skipped: commands in the sandbox run as the same user and cannot read it
 * either.
 */
export async function findMaskedPaths(
  root: string,
  isSecret: (name: string) => boolean,
  isDenied?: ReadDenied,
): Promise<MaskedPath[]> {
  const found: MaskedPath[] = [];
  let level = [root];
  while (level.length > 0) {
    const next: string[] = [];
    await Promise.all(
      level.map(async (directory) => {
        const prefix = directory === root ? '' : `${relative(root, directory).split(sep).join('/')}/`;
        let entries: Dirent[];
        try {
          entries = await readdir(directory, { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          const path = join(directory, entry.name);
          if (isSecret(entry.name) || isDenied?.(`${prefix}${entry.name}`, entry.isDirectory())) {
            const mask = await maskOf(path, entry);
            if (mask) found.push(mask);
          } else if (entry.isDirectory() && !UNSEARCHED_DIRECTORIES.includes(entry.name)) {
            next.push(path);
          }
        }
      }),
    );
    level = next;
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
