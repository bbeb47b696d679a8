import { InvalidOptionsError } from '../errors/toolgate-error.js';

/** How much a person is asked: every call, risky calls (the default), or nothing. */
export type ApprovalMode = 'manual' | 'safe' | 'auto';

/** The modes, strictest first. */
export const APPROVAL_MODES: readonly ApprovalMode[] = ['manual', 'safe', 'auto'];

/**
 * Parses a mode as AI4J does: trimmed and lower-cased; blank or absent → `safe`; anything else
 * throws an error that lists the valid modes.
 */
export function parseApprovalMode(raw: string | undefined | null): ApprovalMode {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return 'safe';
  if ((APPROVAL_MODES as readonly string[]).includes(value)) return value as ApprovalMode;
  throw new InvalidOptionsError(
    `Unsupported approval mode: ${JSON.stringify(raw)}. Valid modes: ${APPROVAL_MODES.join(', ')}.`,
  );
}
