import type { ApprovalMode } from './approval-mode.js';
import type { ApprovalDecision } from './tool-approval.js';

const DECISION_STRICTNESS: Readonly<Record<ApprovalDecision, number>> = { run: 0, ask: 1, refuse: 2 };

/** The stricter of two decisions: refuse > ask > run. */
export function stricterDecision(a: ApprovalDecision, b: ApprovalDecision): ApprovalDecision {
  return DECISION_STRICTNESS[a] >= DECISION_STRICTNESS[b] ? a : b;
}

/** The looser of two decisions. */
export function looserDecision(a: ApprovalDecision, b: ApprovalDecision): ApprovalDecision {
  return DECISION_STRICTNESS[a] <= DECISION_STRICTNESS[b] ? a : b;
}

/**
 * For each mode, the modes it is at least as strict as on every call (refuse > ask > run), for
 * tools whose declarations keep `manual` ≥ `safe` ≥ `auto` (core's defaults and every built-in
 * do). plan, accept-edits and dont-ask are derived from safe, so their places hold by construction.
 * manual, plan and dont-ask are pairwise incomparable: manual asks about reads the others run,
 * plan refuses writes dont-ask runs (write_file) and asks about commands dont-ask refuses.
 */
const AT_LEAST_AS_STRICT_AS: Readonly<Record<ApprovalMode, readonly ApprovalMode[]>> = {
  manual: ['manual', 'safe', 'accept-edits', 'auto'],
  plan: ['plan', 'safe', 'accept-edits', 'auto'],
  'dont-ask': ['dont-ask', 'safe', 'accept-edits', 'auto'],
  safe: ['safe', 'accept-edits', 'auto'],
  'accept-edits': ['accept-edits', 'auto'],
  auto: ['auto'],
};

/**
 * True when `mode` is at least as strict as `base` for every call: what an untrusted workspace's
 * config may choose over the person's `base` (docs/architecture.md, "Approval").
 */
export function isAtLeastAsStrict(mode: ApprovalMode, base: ApprovalMode): boolean {
  return AT_LEAST_AS_STRICT_AS[mode].includes(base);
}
