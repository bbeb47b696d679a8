import type { ApprovalMode } from '@toolgate/core';
import { UsageError } from './usage-error.js';

// Core's APPROVAL_MODES, spelled out so parsing the command line does not load core (and zod).
const MODES: readonly ApprovalMode[] = ['manual', 'safe', 'auto'];

/** Parses `--approval` or `TOOLGATE_APPROVAL` (trimmed, any case); anything else is a usage error naming `source`. */
export function parseApprovalModeValue(raw: string, source: string): ApprovalMode {
  const value = raw.trim().toLowerCase();
  if ((MODES as readonly string[]).includes(value)) return value as ApprovalMode;
  throw new UsageError(`${source} expects one of ${MODES.join(', ')}; got ${JSON.stringify(raw)}.`);
}
