import { buildApprovalRequest } from '../approval/approval-request.js';
import type { ApprovalDecisionTrace } from '../approval/decide-approval.js';
import { decideApproval } from '../approval/decide-approval.js';
import { prepareInvocation } from '../executor/invocation-stages.js';
import type { ToolDecorator } from '../executor/tool-invocation.js';
import { toolSuccess } from '../result/tool-result.js';
import type { ApprovalOptions } from './with-approval.js';

/** How approval would settle one call, and what the approver would be shown. */
export type ApprovalExplanation = ApprovalDecisionTrace & {
  readonly tool: string;
  /** What a question or a rejection names (the command, `Add <path>`, `args=…`). */
  readonly detail: string;
  /** Whether an approver is configured, when the outcome is `ask` (without one the call is refused). */
  readonly approver: boolean;
};

/**
 * In place of {@link withApproval}, after validation and preflight: answers every call with how
 * approval would settle it — the rule (and its file), the remembered answer or the mode row — as
 * a success whose output is an {@link ApprovalExplanation}. Neither the approver nor the tool runs.
 */
export function withApprovalExplanation(options: ApprovalOptions = {}): ToolDecorator {
  return async (invocation) => {
    const mode = options.mode ?? 'safe';
    const failure = await prepareInvocation(invocation);
    if (failure) return failure;
    const input = invocation.input!.value;
    const request = buildApprovalRequest({
      tool: invocation.tool,
      callId: invocation.call.id,
      input,
      mode,
      preview: invocation.prepared?.preview,
    });
    const trace = await decideApproval(
      { mode, memory: options.memory, rules: options.rules },
      invocation.tool,
      input,
      () => request,
      invocation.context.signal,
    );
    const explanation: ApprovalExplanation = {
      ...trace,
      tool: request.toolName,
      detail: request.detail,
      approver: options.approver !== undefined,
    };
    return toolSuccess(explanation);
  };
}
