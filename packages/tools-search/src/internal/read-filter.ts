import { sep } from 'node:path';
import type { Workspace } from '@toolgate/core';

/** Whether a walked path may be read: a file, or a directory about to be entered. */
export type ReadFilter = (absolutePath: string, directory: boolean) => boolean;

/**
 * The workspace's read predicate for one walk under `base` (a real directory the predicate has
 * admitted). A directory is asked once; a file is admitted only when every directory between
 * `base` and it is, so a path `rg` reports is judged as the Node walker, which prunes, judges it.
 */
export function createReadFilter(workspace: Workspace, base: string): ReadFilter {
  const prefix = base.endsWith(sep) ? base : `${base}${sep}`;
  const directories = new Map<string, boolean>();
  const directoryAdmitted = (directory: string): boolean => {
    if (directory.length < prefix.length) return true;
    const known = directories.get(directory);
    if (known !== undefined) return known;
    const parent = directory.slice(0, directory.lastIndexOf(sep));
    const admitted =
      directoryAdmitted(parent) && workspace.checkReadable(directory, { directory: true }) === undefined;
    directories.set(directory, admitted);
    return admitted;
  };
  return (absolutePath, directory) => {
    if (!absolutePath.startsWith(prefix))
      return workspace.checkReadable(absolutePath, { directory }) === undefined;
    if (directory) return directoryAdmitted(absolutePath.replace(/\/+$/, ''));
    const parent = absolutePath.slice(0, absolutePath.lastIndexOf(sep));
    return directoryAdmitted(parent) && workspace.checkReadable(absolutePath) === undefined;
  };
}
