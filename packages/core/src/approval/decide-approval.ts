import type { ApprovalMemory, RememberedDecision } from './approval-memory.js';
import type { ApprovalMode } from './approval-mode.js';
import type { ApprovalRequest } from './approval-request.js';
import type { ApprovalRules, ApprovalRuleVerdict } from './approval-rules.js';
import { type ApprovalSubject, approvalDecision } from './requires-approval.js';

/**
 * How approval settles one call before anyone is asked, and what settled it (docs/architecture.md,
 * "Approval"): a permission rule, a remembered `*_always` answer, or the mode table. `ask` means
 * the approver is asked (and without one the call is refused).
 */
export type ApprovalDecisionTrace =
  | {
      readonly outcome: 'run' | 'ask' | 'reject';
      readonly by: 'rule';
      readonly verdict: ApprovalRuleVerdict;
    }
  | { readonly outcome: 'run' | 'reject'; readonly by: 'memory'; readonly remembered: RememberedDecision }
  | {
      /** `reject`: the mode refuses the call unasked (plan's writes, dont-ask's questions). */
      readonly outcome: 'run' | 'ask' | 'reject';
      readonly by: 'mode';
      readonly mode: ApprovalMode;
      /** True when the tool declares its own rule for this mode; false for core's default. */
      readonly declared: boolean;
      /** The rule's verdict the mode's refusal beat (plan over an allow rule, dont-ask over an ask rule). */
      readonly overrode?: ApprovalRuleVerdict;
    };

/** What {@link decideApproval} reads: the settings of `withApproval` without the approver. */
export interface ApprovalDecisionOptions {
  readonly mode: ApprovalMode;
  readonly memory?: ApprovalMemory | undefined;
  readonly rules?: ApprovalRules | undefined;
}

async function ruleVerdict(
  rules: ApprovalRules,
  request: ApprovalRequest,
  signal: AbortSignal,
): Promise<ApprovalRuleVerdict | undefined> {
  try {
    return await rules(request, signal);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      decision: 'deny',
      reason: `The permission rules could not be checked (${message}), so the call did not run.`,
    };
  }
}

/**
 * Rules first (deny refuses, allow runs, ask asks even in auto and despite memory; a rules function
 * that throws denies), then a remembered answer for the request's remember key, then the tool's
 * rule for the mode. Plan's refusal beats an allow rule and a remembered allow (nothing writes
 * until the plan is approved); in dont-ask a question, an ask rule's included, is a refusal, while
 * an allow rule or a remembered allow still runs (that is what pre-approved means). `request`
 * builds the approval request (only when something reads it).
 */
export async function decideApproval(
  options: ApprovalDecisionOptions,
  tool: ApprovalSubject,
  input: unknown,
  request: () => ApprovalRequest,
  signal: AbortSignal,
): Promise<ApprovalDecisionTrace> {
  const { mode } = options;
  const decision = approvalDecision(mode, tool, input);
  const declared = tool.approval?.rule?.[mode as never] !== undefined;
  const refused = { outcome: 'reject', by: 'mode', mode, declared } as const;
  if (options.rules) {
    const verdict = await ruleVerdict(options.rules, request(), signal);
    if (verdict) {
      if (verdict.decision === 'deny') return { outcome: 'reject', by: 'rule', verdict };
      if (mode === 'plan' && decision === 'refuse') return { ...refused, overrode: verdict };
      if (verdict.decision === 'allow') return { outcome: 'run', by: 'rule', verdict };
      return mode === 'dont-ask'
        ? { ...refused, overrode: verdict }
        : { outcome: 'ask', by: 'rule', verdict };
    }
  }
  if (decision === 'run') return { outcome: 'run', by: 'mode', mode, declared };
  if (mode === 'plan' && decision === 'refuse') return refused;
  const remembered = options.memory?.get(request().rememberKey);
  if (remembered) return { outcome: remembered === 'allow' ? 'run' : 'reject', by: 'memory', remembered };
  return decision === 'refuse' ? refused : { outcome: 'ask', by: 'mode', mode, declared };
}
