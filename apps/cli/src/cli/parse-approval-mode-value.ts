import { APPROVAL_MODES, type ApprovalMode } from '@toolgate/core';
import { UsageError } from './usage-error.js';

/** Parses `--approval` or `TOOLGATE_APPROVAL` (trimmed, any case); anything else is a usage error naming `source`. */
export function parseApprovalModeValue(raw: string, source: string): ApprovalMode {
  const value = raw.trim().toLowerCase();
  if ((APPROVAL_MODES as readonly string[]).includes(value)) return value as ApprovalMode;
  throw new UsageError(`${source} expects one of ${APPROVAL_MODES.join(', ')}; got ${JSON.stringify(raw)}.`);
}
