import { join } from 'node:path';

/** The directory of one stored session: `<stateDir>/sessions/<id>` (its checkpoints live in `checkpoints/` inside). */
export function sessionDirectory(stateDir: string, id: string): string {
  return join(stateDir, 'sessions', id);
}
