import type { ToolFailure } from '@toolgate/core';
import { agentsMdFailure } from './agents-md-failure.js';

/** Maps a system error from touching `displayPath` to a failure the model can act on. */
export function ioFailure(error: unknown, displayPath: string, doing: string): ToolFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'EISDIR') {
    return agentsMdFailure(
      'is_directory',
      `${JSON.stringify(displayPath)} is a directory, not a file; remove or rename it.`,
      {
        path: displayPath,
      },
    );
  }
  return agentsMdFailure(
    'io_error',
    `I/O error while ${doing} ${JSON.stringify(displayPath)}: ${message}`,
    code ? { systemCode: code } : undefined,
  );
}
