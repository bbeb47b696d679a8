import { APPROVAL_MODES, type ApprovalMode } from './approval-mode.js';

/** Claude Code's names for the modes that have a counterpart here; they work wherever a mode is named. */
export const APPROVAL_MODE_ALIASES: Readonly<Record<string, ApprovalMode>> = {
  acceptEdits: 'accept-edits',
  dontAsk: 'dont-ask',
  bypassPermissions: 'auto',
};

/**
 * The mode a person named: a mode (any case, surrounding space ignored) or one of
 * {@link APPROVAL_MODE_ALIASES}; `undefined` for anything else (the caller says what is accepted).
 */
export function parseApprovalMode(text: string): ApprovalMode | undefined {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  const mode = APPROVAL_MODES.find((candidate) => candidate === lower);
  if (mode) return mode;
  const alias = Object.keys(APPROVAL_MODE_ALIASES).find((name) => name.toLowerCase() === lower);
  return alias === undefined ? undefined : APPROVAL_MODE_ALIASES[alias];
}

/** `manual, safe, auto, plan, accept-edits, dont-ask (or acceptEdits, dontAsk, bypassPermissions)`, for errors. */
export function describeApprovalModeNames(): string {
  return `${APPROVAL_MODES.join(', ')} (or ${Object.keys(APPROVAL_MODE_ALIASES).join(', ')})`;
}
