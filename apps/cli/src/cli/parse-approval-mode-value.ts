import type { ApprovalMode } from '@toolgate/core';
import { UsageError } from './usage-error.js';

// Core's APPROVAL_MODES and APPROVAL_MODE_ALIASES, spelled out so parsing the command line does
// not load core (and zod); parse-approval-mode-value.test.ts holds them equal.
/** The modes `--approval` accepts. */
export const CLI_APPROVAL_MODES: readonly ApprovalMode[] = [
  'manual',
  'safe',
  'auto',
  'plan',
  'accept-edits',
  'dont-ask',
];

/** Claude Code's names `--approval` accepts too. */
export const CLI_APPROVAL_MODE_ALIASES: Readonly<Record<string, ApprovalMode>> = {
  acceptEdits: 'accept-edits',
  dontAsk: 'dont-ask',
  bypassPermissions: 'auto',
};

/**
 * Parses `--approval` or `TOOLGATE_APPROVAL` (trimmed, any case; Claude Code's `acceptEdits`,
 * `dontAsk` and `bypassPermissions` too); anything else is a usage error naming `source`.
 */
export function parseApprovalModeValue(raw: string, source: string): ApprovalMode {
  const value = raw.trim().toLowerCase();
  const mode = CLI_APPROVAL_MODES.find((candidate) => candidate === value);
  if (mode) return mode;
  const alias = Object.keys(CLI_APPROVAL_MODE_ALIASES).find((name) => name.toLowerCase() === value);
  if (alias) return CLI_APPROVAL_MODE_ALIASES[alias]!;
  throw new UsageError(
    `${source} expects one of ${CLI_APPROVAL_MODES.join(', ')} (or ${Object.keys(CLI_APPROVAL_MODE_ALIASES).join(', ')}); got ${JSON.stringify(raw)}.`,
  );
}
