import type { ApprovalMemory } from '../approval/approval-memory.js';
import type { ApprovalMode } from '../approval/approval-mode.js';
import { buildApprovalRequest } from '../approval/approval-request.js';
import { type ApprovalAnswer, type Approver, isApprovingAnswer } from '../approval/approver.js';
import { requiresApproval } from '../approval/requires-approval.js';
import { prepareInvocation } from '../executor/invocation-stages.js';
import type { ToolDecorator } from '../executor/tool-invocation.js';
import { toolRejection } from '../result/tool-result.js';

/** Options for {@link withApproval}. */
export interface ApprovalOptions {
  /** Which calls ask (DESIGN §5). */
  readonly mode: ApprovalMode;
  /** Asks a person. Without one, every call that needs approval is rejected (fail closed). */
  readonly approver?: Approver;
  /** Session memory of `*_always` answers. @default no memory */
  readonly memory?: ApprovalMemory;
}

async function ask(
  approver: Approver,
  request: Parameters<Approver>[0],
  signal: AbortSignal,
): Promise<ApprovalAnswer> {
  if (signal.aborted) return 'cancelled';
  try {
    const answer = await approver(request, signal);
    return signal.aborted ? 'cancelled' : answer;
  } catch {
    return 'cancelled';
  }
}

/**
 * Approval: asks the approver when the mode's table says so, remembers `*_always` answers, and
 * fails closed (no approver, a throw, an abort, `cancelled` → `rejected{by:'approval'}`).
 * Runs preflight first if the chain has not, so the request carries the planned diff.
 */
export function withApproval(options: ApprovalOptions): ToolDecorator {
  return async (invocation, next) => {
    const failure = await prepareInvocation(invocation);
    if (failure) return failure;
    const definition = invocation.tool.definition;
    const input = invocation.input!.value;
    if (!requiresApproval(options.mode, definition, input)) return next();
    const request = buildApprovalRequest({
      definition,
      callId: invocation.call.id,
      input,
      mode: options.mode,
      preview: invocation.prepared?.preview,
    });
    const remembered = options.memory?.get(request.rememberKey);
    if (remembered) {
      const answer = remembered === 'allow' ? 'allow_always' : 'reject_always';
      invocation.emit({ type: 'approval-answer', call: invocation.call, answer, remembered: true });
      return remembered === 'allow' ? next() : toolRejection('approval', request.detail);
    }
    invocation.emit({ type: 'approval-request', call: invocation.call, request });
    const answer = options.approver
      ? await ask(options.approver, request, invocation.context.signal)
      : 'cancelled';
    invocation.emit({ type: 'approval-answer', call: invocation.call, answer, remembered: false });
    if (answer === 'allow_always') options.memory?.set(request.rememberKey, 'allow');
    if (answer === 'reject_always') options.memory?.set(request.rememberKey, 'reject');
    return isApprovingAnswer(answer) ? next() : toolRejection('approval', request.detail);
  };
}
