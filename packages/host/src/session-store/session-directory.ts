import { join } from 'node:path';

/** Where one session's records live: `<stateDir>/sessions/<sessionId>/` (its checkpoints in `checkpoints/`). */
export function sessionDirectory(stateDir: string, sessionId: string): string {
  return join(stateDir, 'sessions', sessionId);
}
