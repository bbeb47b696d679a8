import { lstatSync, mkdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';

/**
 * Turns on Node's compile cache for a host's bin, in the user's cache directory:
 * `$XDG_CACHE_HOME/toolgate/compile-cache` (an absolute XDG_CACHE_HOME only), else
 * `$HOME/.cache/toolgate/compile-cache`, created private to the user (0700). Never the workspace
 * nor a shared temporary directory, where another user could plant entries. Where the directory
 * cannot be made, or there is no home, there is no cache: the host runs the same, only compiling
 * its bundle again. `NODE_COMPILE_CACHE`, when set, wins (Node turned the cache on there before any
 * code ran); `NODE_DISABLE_COMPILE_CACHE` turns it off (Node's own rule). Not on Windows, where
 * Node's default stands. The directory is named from `env`, not asked of `os`, which would load it
 * (about 1.5 ms of every start). Returns the directory, or `undefined` when it did not choose one.
 * A bin calls it before importing the rest of itself, which the cache then serves.
 *
 * What is there decides, not the mode asked for when making it (which applies only to a new
 * directory): `toolgate` and `compile-cache` must each be a directory itself (not a link), owned
 * by this user and writable by nobody else, and the cache home above them owned by this user or
 * root and writable by nobody else unless sticky (so no one can move them aside and put their own
 * in their place). Otherwise there is no cache: compiled code is loaded only from where no one but
 * the user could have written it.
 */
export function enableUserCompileCache(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): string | undefined {
  if (platform === 'win32' || env.NODE_COMPILE_CACHE) return undefined;
  const base = env.XDG_CACHE_HOME?.startsWith('/')
    ? env.XDG_CACHE_HOME
    : env.HOME?.startsWith('/')
      ? `${env.HOME}/.cache`
      : undefined;
  if (base === undefined) return undefined;
  const directory = `${base.replace(/(.)\/+$/, '$1')}/toolgate/compile-cache`;
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const uid = process.getuid?.();
    const home = statSync(base);
    if (uid === undefined || !home.isDirectory() || (home.uid !== uid && home.uid !== 0)) return undefined;
    if ((home.mode & 0o022) !== 0 && (home.mode & 0o1000) === 0) return undefined;
    for (const own of [`${directory.slice(0, -'/compile-cache'.length)}`, directory]) {
      const found = lstatSync(own);
      if (!found.isDirectory() || found.uid !== uid || (found.mode & 0o022) !== 0) return undefined;
    }
    enableCompileCache(directory);
    return directory;
  } catch {
    return undefined;
  }
}
