import { join } from 'node:path';

/** Bytes one session's spilled outputs may hold together when `limits.spillBytesPerSession` is not set: 256 MiB. */
export const DEFAULT_SPILL_BYTES_PER_SESSION = 256 * 1024 * 1024;

/** Where one session's spilled outputs go: `<sessionDir>/spill` (see `sessionDirectory`). */
export function spillDirectory(sessionDir: string): string {
  return join(sessionDir, 'spill');
}
