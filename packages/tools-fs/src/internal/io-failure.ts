import type { ToolFailure } from '@toolgate/core';
import { fsFailure } from './fs-failure.js';

/** Maps a system error from touching `displayPath` to a failure the model can act on. */
export function ioFailure(error: unknown, displayPath: string, doing: string): ToolFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ENOENT':
      return fsFailure(
        'not_found',
        `${JSON.stringify(displayPath)} disappeared while ${doing}; check the path and retry.`,
      );
    case 'EISDIR':
      return fsFailure('is_directory', `${JSON.stringify(displayPath)} is a directory, not a file.`);
    case 'ENOTDIR':
      return fsFailure(
        'not_a_directory',
        `A parent of ${JSON.stringify(displayPath)} is a file, not a directory; choose another path.`,
      );
    default:
      return fsFailure(
        'io_error',
        `I/O error while ${doing} ${JSON.stringify(displayPath)}: ${message}`,
        code ? { systemCode: code } : undefined,
      );
  }
}
