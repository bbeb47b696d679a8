import { mkdir, rmdir, symlink, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '@toolgate/core';

/** A file to bring from `before` to `after` (null = absent). */
export interface FileCommit {
  /** Real absolute path. */
  readonly absolutePath: string;
  /** Root-relative display path. */
  readonly displayPath: string;
  /** Bytes before; null when the file did not exist. */
  readonly before: Buffer | null;
  /** Bytes after; null when the file is to be deleted. */
  readonly after: Buffer | null;
  /** Mode bits to write with (the file's own, or for a new Move destination its source's); read from the file when absent. */
  readonly mode?: number;
  /** The path was a symbolic link to this target (`before` is then empty); rollback recreates the link. */
  readonly linkTarget?: string;
}

/** Where a commit failed; every file already changed has been restored. */
export interface CommitError {
  readonly displayPath: string;
  readonly message: string;
  /** Files the rollback could not restore (normally empty). */
  readonly unrestored: readonly string[];
}

const WRITE_CONCURRENCY = 16;

/**
 * Writes every changed file (each atomically, parents created, several at a time), then deletes,
 * last. If anything fails, every file already written or deleted is put back as it was and the
 * directories created for it are removed, so the tree ends as it started.
 */
export async function commitFiles(
  files: readonly FileCommit[],
  options: { readonly sync?: boolean } = {},
): Promise<CommitError | undefined> {
  const sync = options.sync ?? true;
  const changed = files.filter(
    (file) => file.linkTarget !== undefined || !sameBytes(file.before, file.after),
  );
  const writes = changed.filter((file) => file.after !== null);
  const deletes = changed.filter((file) => file.after === null && file.before !== null);
  const done: FileCommit[] = [];
  const createdDirectories: string[] = [];
  const madeDirectories = new Map<string, Promise<string | undefined>>();
  let failure: { file: FileCommit; error: unknown } | undefined;

  let next = 0;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < writes.length) {
      const file = writes[next++]!;
      try {
        if (file.before === null) {
          // Only a new file may need its parent created; one mkdir per directory.
          const parent = dirname(file.absolutePath);
          let making = madeDirectories.get(parent);
          if (!making) {
            making = mkdir(parent, { recursive: true });
            madeDirectories.set(parent, making);
          }
          const created = await making;
          if (created !== undefined) createdDirectories.push(...chain(created, parent));
        }
        await writeFileAtomic(
          file.absolutePath,
          file.after!,
          file.mode !== undefined ? { mode: file.mode, sync } : { sync },
        );
        done.push(file);
      } catch (error) {
        failure ??= { file, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITE_CONCURRENCY, writes.length) }, worker));
  if (failure === undefined) {
    for (const file of deletes) {
      try {
        await unlink(file.absolutePath);
        done.push(file);
      } catch (error) {
        failure = { file, error };
        break;
      }
    }
  }
  if (failure === undefined) return undefined;

  const unrestored: string[] = [];
  for (const file of done.reverse()) {
    try {
      if (file.linkTarget !== undefined) {
        await unlink(file.absolutePath).catch(() => {});
        await symlink(file.linkTarget, file.absolutePath);
      } else if (file.before === null) await unlink(file.absolutePath);
      else
        await writeFileAtomic(
          file.absolutePath,
          file.before,
          file.mode !== undefined ? { mode: file.mode } : {},
        );
    } catch {
      unrestored.push(file.displayPath);
    }
  }
  for (const directory of [...new Set(createdDirectories)].sort((a, b) => b.length - a.length)) {
    await rmdir(directory).catch(() => {});
  }
  return {
    displayPath: failure.file.displayPath,
    message: (failure.error as Error).message ?? String(failure.error),
    unrestored,
  };
}

/** The directories from `first` (the first one mkdir created) down to `last`. */
function chain(first: string, last: string): string[] {
  const directories: string[] = [];
  for (let directory = last; directory.length >= first.length; directory = dirname(directory)) {
    directories.push(directory);
    if (directory === first || directory === dirname(directory)) break;
  }
  return directories;
}

function sameBytes(left: Buffer | null, right: Buffer | null): boolean {
  if (left === null || right === null) return left === right;
  return left.equals(right);
}
