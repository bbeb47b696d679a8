import { fileCalls } from './file-calls.js';
import { pathChangedError } from './pin-directory.js';

/** `/proc/self/fd` answers on this system (learned on the first call; false off Linux or without /proc). */
let procAnswers: boolean | undefined;

/**
 * Checks that the file open on `fd` is the one at `realPath`, the real path a workspace checked:
 * `O_NOFOLLOW` guards only the last component, so a directory on the way swapped for a symlink
 * after the check would otherwise have opened a file elsewhere. On Linux the descriptor's own path
 * (`/proc/self/fd/N`) must be `realPath`; otherwise this throws the error `isPathChangedError`
 * tells apart. Without `/proc` (macOS) nothing is checked: the path was checked just before.
 */
export async function assertOpenedAt(fd: number, realPath: string): Promise<void> {
  if (procAnswers === false || process.platform !== 'linux') return;
  let actual: string;
  try {
    actual = await fileCalls.readlink(`/proc/self/fd/${fd}`);
    procAnswers = true;
  } catch (error) {
    if (procAnswers === true) throw error;
    procAnswers = false;
    return;
  }
  if (actual === realPath) return;
  throw pathChangedError(realPath, 'file');
}
