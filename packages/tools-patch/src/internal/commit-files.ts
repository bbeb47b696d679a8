import { basename, dirname } from 'node:path';
import type { ClientFiles, ToolFailure, Workspace } from '@toolgate/core';
import {
  createSymlink,
  fileCalls,
  isPathChangedError,
  type PinnedDirectory,
  pinDirectory,
  removeEmptyDirectory,
  removeFile,
  systemErrorText,
  trackCommit,
  writeFileAtomic,
  writeTextThroughClient,
} from '@toolgate/core/workspace-io';

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
  /** Written on disk even when a client's files are given (a Move's destination: ACP has no rename). */
  readonly onDisk?: boolean;
}

/** Where files are written instead of the disk: a client's (an editor's buffers). */
export interface CommitThroughClient {
  readonly workspace: Workspace;
  readonly write: NonNullable<ClientFiles['writeTextFile']>;
  readonly signal: AbortSignal;
}

/** A client's refusal, or its write landing where the path no longer leads, as an error to roll back on. */
class ClientWriteError extends Error {
  constructor(readonly failure: ToolFailure) {
    // The commit's message adds its own full stop.
    super(failure.error.message.replace(/\.$/, ''));
  }
}

/** Where a commit failed; every file already changed has been restored. */
export interface CommitError {
  readonly displayPath: string;
  readonly message: string;
  /** A directory on the way was replaced after it was checked (another process swapped it). */
  readonly changed: boolean;
  /** The host stopped the commit because the process is exiting. */
  readonly stopped: boolean;
  /** Files the rollback could not restore (normally empty). */
  readonly unrestored: readonly string[];
}

const WRITE_CONCURRENCY = 16;

/**
 * Writes every changed file (each atomically, parents created, several at a time), then deletes,
 * last. Every create, rename, unlink and mkdir goes through the pinned directory the workspace
 * checked (core's `pinDirectory`), so a directory swapped for a symlink meanwhile cannot redirect
 * it. A directory is pinned once for all the files written into it and checked again once the last
 * of them is written: a swap while they were written fails the commit, and the files already
 * written there are put back through the same descriptor. If anything fails, every file already written or deleted is put back as it was and the
 * directories created for it are removed, so the tree ends as it started. The commit is tracked
 * (core's `trackCommit`): the host waits for it before exiting, and if the host must exit now it
 * stops writing and rolls back the same way.
 */
export function commitFiles(
  files: readonly FileCommit[],
  options: { readonly sync?: boolean; readonly client?: CommitThroughClient } = {},
): Promise<CommitError | undefined> {
  return trackCommit((stop) => commitTracked(files, options, stop));
}

async function commitTracked(
  files: readonly FileCommit[],
  options: { readonly sync?: boolean; readonly client?: CommitThroughClient },
  stop: AbortSignal,
): Promise<CommitError | undefined> {
  const sync = options.sync ?? false;
  const { client } = options;
  /** Files the client wrote (its text replaced, or a new file it created). */
  const throughClient = new Set<FileCommit>();
  const viaClient = (file: FileCommit): CommitThroughClient | undefined =>
    client && !file.onDisk && file.linkTarget === undefined ? client : undefined;
  const changed = files.filter(
    (file) => file.linkTarget !== undefined || !sameBytes(file.before, file.after),
  );
  // Grouped by directory: each directory is pinned once for the files written into it.
  const writes = changed
    .filter((file) => file.after !== null)
    .sort((left, right) => compare(dirname(left.absolutePath), dirname(right.absolutePath)));
  const deletes = changed.filter((file) => file.after === null && file.before !== null);
  const done: FileCommit[] = [];
  const createdDirectories: string[] = [];
  const directories = new Map<string, DirectoryWrites>();
  for (const file of writes) {
    const editor = viaClient(file);
    // A new file may need its parent created, also when a client writes it; a client's write of
    // an existing file goes through the client alone.
    if (editor && file.before !== null) continue;
    const parent = dirname(file.absolutePath);
    const group = directories.get(parent) ?? { create: false, remaining: 0 };
    group.create ||= file.before === null;
    group.remaining++;
    directories.set(parent, group);
  }
  /** The pinned directory of a file, once per directory (its missing parents made on the way). */
  const pinned = (parent: string): Promise<PinnedDirectory> => {
    const group = directories.get(parent)!;
    group.pin ??= pinDirectory(parent, group.create ? { create: true } : {}).then((directory) => {
      createdDirectories.push(...directory.created);
      return directory;
    });
    return group.pin;
  };
  /** One file of the directory is written: the last one checks that the directory is still where it was. */
  const written = async (parent: string): Promise<void> => {
    const group = directories.get(parent)!;
    if (--group.remaining > 0) return;
    const directory = await group.pin!;
    await directory.verify();
    group.pin = undefined;
    await directory.close();
  };
  let failure: { file: FileCommit; error: unknown } | undefined;

  let next = 0;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < writes.length) {
      const file = writes[next++]!;
      try {
        stop.throwIfAborted();
        const parent = dirname(file.absolutePath);
        const directory = directories.has(parent) ? await pinned(parent) : undefined;
        const editor = viaClient(file);
        if (editor) {
          const target = {
            requestedPath: file.displayPath,
            absolutePath: file.absolutePath,
            displayPath: file.displayPath,
            exists: file.before !== null,
          };
          const refused = await writeTextThroughClient(
            editor.workspace,
            editor.write,
            target,
            file.after!.toString('utf8'),
            editor.signal,
          );
          // Written unless the client refused it; one that landed where the path no longer
          // leads is put back too.
          if (refused?.error.code !== 'io_error') {
            throughClient.add(file);
            done.push(file);
          }
          if (refused) throw new ClientWriteError(refused);
        } else {
          await writeFileAtomic(file.absolutePath, file.after!, {
            sync,
            directory: directory!,
            ...(file.mode !== undefined ? { mode: file.mode } : {}),
          });
          done.push(file);
        }
        if (directory) await written(parent);
      } catch (error) {
        failure ??= { file, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITE_CONCURRENCY, writes.length) }, worker));
  if (failure === undefined) {
    for (const file of deletes) {
      try {
        stop.throwIfAborted();
        await removeFile(file.absolutePath);
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
        await removeFile(file.absolutePath).catch(() => {});
        await createSymlink(file.linkTarget, file.absolutePath);
      } else if (file.before === null) {
        // Removed through the commit's pin when it holds one, where the file went (the path may
        // lead elsewhere by now); a file the client was to create may never have appeared.
        const directory = await directories.get(dirname(file.absolutePath))?.pin;
        const removal = directory
          ? fileCalls.unlink(directory.entry(basename(file.absolutePath)))
          : removeFile(file.absolutePath);
        await removal.catch((error: NodeJS.ErrnoException) => {
          if (!(throughClient.has(file) && error.code === 'ENOENT')) throw error;
        });
      }
      // Put back through the client that wrote it, so its buffer shows the file as it was.
      else if (throughClient.has(file))
        await client!.write(file.absolutePath, file.before.toString('utf8'), new AbortController().signal);
      // Not stoppable: a rollback runs to the end, also when the host is exiting. A directory
      // still pinned (its check failed, or its files were not all written) is written through
      // the same descriptor, where its files went.
      else {
        const directory = await directories.get(dirname(file.absolutePath))?.pin;
        await writeFileAtomic(file.absolutePath, file.before, {
          stoppable: false,
          ...(directory ? { directory } : {}),
          ...(file.mode !== undefined ? { mode: file.mode } : {}),
        });
      }
    } catch {
      unrestored.push(file.displayPath);
    }
  }
  await closePins(directories);
  for (const directory of [...new Set(createdDirectories)].sort((a, b) => b.length - a.length)) {
    await removeEmptyDirectory(directory).catch(() => {});
  }
  return {
    displayPath: failure.file.displayPath,
    message: systemErrorText(failure.error),
    changed:
      isPathChangedError(failure.error) ||
      (failure.error instanceof ClientWriteError &&
        failure.error.failure.error.code === 'precondition_changed'),
    stopped: stop.aborted,
    unrestored,
  };
}

/** The files written into one directory, and its pin while they are being written. */
interface DirectoryWrites {
  /** Some file there is new: the directory (and its parents) may have to be made. */
  create: boolean;
  /** Files not yet written into it. */
  remaining: number;
  pin?: Promise<PinnedDirectory> | undefined;
}

/** Releases every pin still held once a failed commit is rolled back (a failed pin holds nothing). */
async function closePins(directories: ReadonlyMap<string, DirectoryWrites>): Promise<void> {
  for (const group of directories.values()) {
    const directory = await group.pin?.catch(() => undefined);
    await directory?.close();
  }
}

function compare(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function sameBytes(left: Buffer | null, right: Buffer | null): boolean {
  if (left === null || right === null) return left === right;
  return left.equals(right);
}
