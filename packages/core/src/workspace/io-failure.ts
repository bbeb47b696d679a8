import type { IoFailureCode } from '../result/error-codes.js';
import { type ToolFailure, toolFailure } from '../result/tool-result.js';
import { systemErrorText } from './system-error-text.js';

/**
 * Maps a system error from touching `displayPath` while `doing` something ("reading", "writing")
 * to a failure the model can act on; any other error keeps the system's code in `systemCode`.
 */
export function ioFailure(error: unknown, displayPath: string, doing: string): ToolFailure<IoFailureCode> {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = systemErrorText(error);
  const quoted = JSON.stringify(displayPath);
  switch (code) {
    case 'ENOENT':
      return toolFailure('not_found', `${quoted} disappeared while ${doing}; check the path and retry.`, {
        path: displayPath,
      });
    case 'EISDIR':
      return toolFailure('is_directory', `${quoted} is a directory, not a file; remove or rename it.`, {
        path: displayPath,
      });
    case 'ENOTDIR':
      return toolFailure(
        'not_a_directory',
        `A parent of ${quoted} is a file, not a directory; choose another path.`,
        { path: displayPath },
      );
    default:
      return toolFailure(
        'io_error',
        `I/O error while ${doing} ${quoted}: ${message}`,
        code ? { path: displayPath, systemCode: code } : { path: displayPath },
      );
  }
}
