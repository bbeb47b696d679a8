import type { IoFailureCode } from '../result/error-codes.js';
import type { ToolFailure } from '../result/tool-result.js';
import { toolFailure } from '../result/tool-result.js';
import { ioFailure } from './io-failure.js';
import { isPathChangedError } from './pin-directory.js';

/** The codes {@link writeFailure} returns. */
export type WriteFailureCode = IoFailureCode | 'precondition_changed';

/**
 * A failed write of `displayPath` while `doing` it ("writing", "appending to") as a failure the
 * model can act on: a directory on the way that another process swapped after it was checked (the
 * `isPathChangedError` of `pinDirectory`, `writeFileAtomic`, `appendFile`) is
 * `precondition_changed`, saying nothing was written; any other error as {@link ioFailure}.
 */
export function writeFailure(
  error: unknown,
  displayPath: string,
  doing: string,
): ToolFailure<WriteFailureCode> {
  if (!isPathChangedError(error)) return ioFailure(error, displayPath, doing);
  return toolFailure(
    'precondition_changed',
    `A directory on the way to ${JSON.stringify(displayPath)} changed (another process moved, removed or replaced it with a symlink) after it was checked; nothing was written. Retry the call.`,
    { path: displayPath },
  );
}
