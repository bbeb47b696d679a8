import type { ApprovalRequest } from './approval-request.js';

/**
 * What a host's permission rules decided about one call (docs/architecture.md, "Rules, secrets,
 * hooks and audit").
 */
export interface ApprovalRuleVerdict {
  /** `deny` refuses without asking, `ask` asks even in auto mode, `allow` runs without asking. */
  readonly decision: 'allow' | 'ask' | 'deny';
  /** A sentence naming the rule and where it came from; a denial shows it to the model. */
  readonly reason: string;
  /** The rule that decided and its file, when the host knows them (for explanations and audit). */
  readonly rule?: { readonly text: string; readonly source: string };
}

/**
 * Rules people wrote, consulted before remembered answers and the mode table: the verdict for one
 * call, or `undefined` when no rule speaks to it. A rules function that throws denies the call.
 */
export type ApprovalRules = (
  request: ApprovalRequest,
  signal: AbortSignal,
) => Promise<ApprovalRuleVerdict | undefined>;
