import { isPathChangedError, type PinnedDirectory, pinDirectory } from '@toolgate/core/workspace-io';

/** The searched directory was no longer the one that was checked when the search began or ended. */
export const PATH_CHANGED = Symbol('path changed');

/**
 * Runs `search` in the checked directory `base` (a real absolute path) itself, never in whatever its
 * path names later: the directory is opened without following a symlink and checked through its
 * descriptor to be `base` (core's `pinDirectory`), and `search` gets `/proc/<our pid>/fd/<n>`, which
 * names that directory for this process and for a child started in it (its `chdir` runs while the
 * descriptor is held). Without `/proc` (not Linux) `search` gets undefined and must use `base`; the
 * path is then checked again once it is done, so a swap still in place is reported, not one undone
 * meanwhile. {@link PATH_CHANGED} when either check fails or the base is gone; other errors are thrown.
 */
export async function inPinnedBase<T>(
  base: string,
  search: (opened: string | undefined) => Promise<T>,
): Promise<T | typeof PATH_CHANGED> {
  let pin: PinnedDirectory;
  try {
    pin = await pinDirectory(base);
  } catch (error) {
    // Checked to be a directory moments ago: gone now is changed too.
    if (isPathChangedError(error) || (error as NodeJS.ErrnoException).code === 'ENOENT') return PATH_CHANGED;
    throw error;
  }
  try {
    const result = await search(
      pin.descriptor === undefined ? undefined : `/proc/${process.pid}/fd/${pin.descriptor}`,
    );
    if (!pin.pinned) {
      try {
        await pin.verify();
      } catch {
        return PATH_CHANGED;
      }
    }
    return result;
  } finally {
    await pin.close();
  }
}
