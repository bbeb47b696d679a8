import { basename, dirname } from 'node:path';
import { fileCalls } from './file-calls.js';
import { pinDirectory } from './pin-directory.js';

async function inPinnedParent(realPath: string, operation: (entry: string) => Promise<void>): Promise<void> {
  const directory = await pinDirectory(dirname(realPath));
  try {
    await operation(directory.entry(basename(realPath)));
  } finally {
    await directory.close();
  }
}

/** Removes the file (or symlink) at `realPath` through its pinned directory. */
export function removeFile(realPath: string): Promise<void> {
  return inPinnedParent(realPath, (entry) => fileCalls.unlink(entry));
}

/** Removes the empty directory at `realPath` through its pinned parent. */
export function removeEmptyDirectory(realPath: string): Promise<void> {
  return inPinnedParent(realPath, (entry) => fileCalls.rmdir(entry));
}

/** Creates a symlink at `realPath` leading to `target`, through its pinned directory. */
export function createSymlink(target: string, realPath: string): Promise<void> {
  return inPinnedParent(realPath, (entry) => fileCalls.symlink(target, entry));
}
