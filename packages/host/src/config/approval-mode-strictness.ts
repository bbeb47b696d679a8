import type { ApprovalMode } from '@toolgate/core';

/**
 * How much each approval mode lets run without asking: 0 is the strictest. One table, so a new
 * mode is one row (layering, the managed floor and the mode a host may switch to all read it).
 */
export const APPROVAL_MODE_LOOSENESS: Readonly<Record<ApprovalMode, number>> = {
  manual: 0,
  safe: 1,
  auto: 2,
};

/** Whether `mode` lets more run without asking than `than`. */
export function isLooserMode(mode: ApprovalMode, than: ApprovalMode): boolean {
  return APPROVAL_MODE_LOOSENESS[mode] > APPROVAL_MODE_LOOSENESS[than];
}

/** The stricter of two modes. */
export function stricterMode(left: ApprovalMode, right: ApprovalMode): ApprovalMode {
  return isLooserMode(left, right) ? right : left;
}
