import { ToolgateError } from '@toolgate/core';

/**
 * A stored session that cannot be used as asked: `session_not_found`, `session_ambiguous` (a
 * prefix naming several), `session_invalid_id`, `session_busy` (another process has it open),
 * `session_mismatch` (another workspace or changed settings, refused without a person to ask).
 * Hosts report it as a usage error (the CLI exits 2).
 */
export class SessionStoreError extends ToolgateError {
  constructor(code: string, message: string) {
    super(code, message);
    this.name = 'SessionStoreError';
  }
}
