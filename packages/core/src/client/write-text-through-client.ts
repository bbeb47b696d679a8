import { type ToolFailure, toolFailure } from '../result/tool-result.js';
import { fileCalls } from '../workspace/file-calls.js';
import type { ResolvedPath, Workspace } from '../workspace/workspace.js';

/**
 * Writes a whole text file through the client's `write` (its `writeTextFile`), to a path the
 * workspace has already admitted for writing. The client performs the write, so toolgate cannot
 * pin the directories on the way as it does on disk; instead the path is checked again once the
 * client has written: resolved anew, it must still be the same real path, admitted for writing,
 * and not a symbolic link. Returns the failure to report (the client's own, or that the path
 * changed under the write, naming where it leads now), or undefined when the file was written.
 */
export async function writeTextThroughClient(
  workspace: Workspace,
  write: (realPath: string, text: string, signal: AbortSignal) => Promise<void>,
  target: ResolvedPath,
  text: string,
  signal: AbortSignal,
): Promise<ToolFailure | undefined> {
  try {
    await write(target.absolutePath, text, signal);
  } catch (error) {
    return toolFailure(
      'io_error',
      `The editor could not write ${target.displayPath}: ${error instanceof Error ? error.message : String(error)}.`,
      { path: target.displayPath, by: 'client' },
    );
  }
  const again = await workspace.resolveWritable(target.absolutePath);
  let link = false;
  try {
    link = (await fileCalls.lstat(target.absolutePath)).isSymbolicLink();
  } catch {
    link = false;
  }
  if (again.status === 'success' && again.output.absolutePath === target.absolutePath && !link)
    return undefined;
  const now = again.status === 'success' ? again.output.absolutePath : again.error.message;
  return toolFailure(
    'precondition_changed',
    `The editor wrote ${target.displayPath}, but the path changed while it did (now: ${now}); the write may have landed outside what was checked. Check the file and the path before trying again.`,
    { path: target.displayPath, by: 'client' },
  );
}
