import { type ApprovalMode, isAtLeastAsStrict } from '@toolgate/core';

/**
 * Whether `mode` lets some call run (or be asked) that `than` would not: it is not at least as
 * strict as `than` on every call (core's strictness table). Modes that are stricter for some calls
 * and looser for others (plan against manual) count as looser, so a floor holds on every call.
 */
export function isLooserMode(mode: ApprovalMode, than: ApprovalMode): boolean {
  return !isAtLeastAsStrict(mode, than);
}

/**
 * The stricter of two modes on every call; of two that are not comparable, the first (the system
 * managed file's, which the extra file may not replace with one looser for some calls).
 */
export function stricterMode(left: ApprovalMode, right: ApprovalMode): ApprovalMode {
  return isAtLeastAsStrict(right, left) && !isAtLeastAsStrict(left, right) ? right : left;
}
