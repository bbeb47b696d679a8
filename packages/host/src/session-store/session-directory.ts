import { join } from 'node:path';
import { InvalidOptionsError } from '@toolgate/core';
import { isSessionId } from './session-id.js';

/**
 * Where one session's records live: `<stateDir>/sessions/<sessionId>/` (its checkpoints in
 * `checkpoints/`, its spilled outputs in `spill/`). An id that is not a plain name (a separator,
 * `..`) is refused here, where it would become a path, whatever its caller checked.
 */
export function sessionDirectory(stateDir: string, sessionId: string): string {
  if (!isSessionId(sessionId))
    throw new InvalidOptionsError(
      `Not a session id: ${JSON.stringify(sessionId)} (letters, digits, - and _).`,
    );
  return join(stateDir, 'sessions', sessionId);
}
