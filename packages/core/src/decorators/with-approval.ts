import type { ApprovalMemory } from '../approval/approval-memory.js';
import type { ApprovalMode } from '../approval/approval-mode.js';
import { type ApprovalRequest, buildApprovalRequest } from '../approval/approval-request.js';
import type { ApprovalRules } from '../approval/approval-rules.js';
import { type ApprovalAnswer, type Approver, approvalAnswerKind } from '../approval/approver.js';
import { decideApproval } from '../approval/decide-approval.js';
import { modeRefusalReason } from '../approval/mode-refusal-description.js';
import { inProcessDecorator } from '../executor/in-process-decorator.js';
import { prepareInvocation } from '../executor/invocation-stages.js';
import type { ToolDecorator } from '../executor/tool-invocation.js';
import { toolRejection } from '../result/tool-result.js';

/** Options for {@link withApproval}. */
export interface ApprovalOptions {
  /**
   * Which calls ask (docs/architecture.md, "Approval"). @default 'safe' — and without an approver,
   * every call that asks is rejected: only an explicit `'auto'` runs everything unasked.
   */
  readonly mode?: ApprovalMode;
  /** Asks a person. Without one, every call that needs approval is rejected (fail closed). */
  readonly approver?: Approver;
  /** Session memory of `*_always` answers. @default no memory */
  readonly memory?: ApprovalMemory;
  /** Permission rules, consulted first: deny refuses, ask asks even in auto, allow runs. @default none */
  readonly rules?: ApprovalRules;
}

async function ask(
  approver: Approver,
  request: ApprovalRequest,
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

function noApproverReason(request: ApprovalRequest): string {
  const why = request.askingRule
    ? `which the ask rule "${request.askingRule.text}" in ${request.askingRule.source} asks about`
    : `which needs approval in ${request.mode} mode`;
  // Advice only where it changes the outcome: auto would not help with an ask rule.
  const advice = request.askingRule
    ? 'Configure one with standardDecorators({ approval: { mode, approver } }).'
    : 'Configure one with standardDecorators({ approval: { mode, approver } }), or choose mode "auto" to run every call unasked.';
  return `No approver is configured, so this ${request.toolName} call, ${why}, was rejected and did not run: ${request.detail}. ${advice}`;
}

/**
 * Approval: asks the approver when the tool's declared rule (or the default) says so for the mode,
 * remembers `*_always` answers under the tool's remember key, and fails closed (no approver, a
 * throw, an abort, `cancelled` → `rejected{by:'approval'}` with a sentence saying why).
 * Runs preflight first if the chain has not, so the request carries the planned diff. A preflight
 * failure that depends on the file's content (a `QuotingFailure`) is decided like the call itself:
 * asked first when the call would ask, and its quoted failure returned only once the call may run.
 * A preToolUse hook's approve (`invocation.preApproved`) skips only the mode's question.
 */
export function withApproval(options: ApprovalOptions = {}): ToolDecorator {
  // In process but for the question: a call that asks someone is marked as having waited.
  return inProcessDecorator(async (invocation, next) => {
    // Read per call: a host may switch the mode between turns (an ACP client's session/set_mode).
    const mode = options.mode ?? 'safe';
    const failure = await prepareInvocation(invocation);
    if (failure) return failure;
    const input = invocation.input!.value;
    const held = invocation.held;
    let built: ApprovalRequest | undefined;
    const request = () => {
      built ??= buildApprovalRequest({
        tool: invocation.tool,
        callId: invocation.call.id,
        input,
        mode,
        preview: held ? held.preview : invocation.prepared?.preview,
      });
      return built;
    };
    const trace = await decideApproval(
      { mode, memory: options.memory, rules: options.rules },
      invocation.tool,
      input,
      request,
      invocation.context.signal,
    );
    // A preToolUse hook's approve stands in for the mode's question only: a rule that asks still asks.
    const preApproved = trace.outcome === 'ask' && trace.by === 'mode' ? invocation.preApproved : undefined;
    invocation.emit({
      type: 'approval-decision',
      call: invocation.call,
      by: preApproved ? 'hook' : trace.by,
      outcome: preApproved ? 'run' : trace.outcome,
      mode,
      ...(trace.by === 'rule' && trace.verdict.rule ? { rule: trace.verdict.rule } : {}),
      ...(preApproved ? { hook: preApproved.source } : {}),
    });
    // A call that cannot run, failing in a way that depends on the file's content (a QuotingFailure),
    // answers only as a call that runs would: unasked when it may run unasked, and otherwise after
    // the same question (built from the call, no diff), so no outcome that depends on file content
    // reaches the model before approval (docs/architecture.md, "The boundary").
    const proceed = held ? async () => held.quoted : next;
    if (preApproved) return proceed();
    if (trace.by === 'rule' && trace.outcome === 'reject') return toolRejection('rule', trace.verdict.reason);
    if (trace.by === 'mode' && trace.outcome === 'reject')
      return toolRejection('mode', modeRefusalReason(mode, request().detail));
    if (trace.by === 'memory') {
      const answer = trace.remembered === 'allow' ? 'allow_always' : 'reject_always';
      invocation.emit({ type: 'approval-answer', call: invocation.call, answer, remembered: true });
      return trace.remembered === 'allow'
        ? proceed()
        : toolRejection(
            'approval',
            `The user declined: ${request().detail} (an earlier answer, ${request().rememberLabel}, rejects it for this session)`,
          );
    }
    if (trace.outcome === 'run') return proceed();
    const asked =
      trace.by === 'rule' && trace.verdict.rule
        ? { ...request(), askingRule: trace.verdict.rule }
        : request();
    if (!options.approver) return toolRejection('approval', noApproverReason(asked));
    invocation.emit({ type: 'approval-request', call: invocation.call, request: asked });
    // While the person decides, anyone may change what the plan read.
    invocation.waitedOutside = true;
    const answer = await ask(options.approver, asked, invocation.context.signal);
    const kind = approvalAnswerKind(answer);
    const feedback = typeof answer !== 'string' && 'feedback' in answer ? answer.feedback : undefined;
    invocation.emit({
      type: 'approval-answer',
      call: invocation.call,
      answer: kind,
      remembered: false,
      ...(feedback === undefined ? {} : { feedback }),
    });
    switch (kind) {
      case 'allow_always':
        options.memory?.set(asked.rememberKey, 'allow');
        return proceed();
      case 'allow_once':
        return proceed();
      case 'reject_always':
        options.memory?.set(asked.rememberKey, 'reject');
        return toolRejection('approval', `The user declined: ${asked.detail}`, feedback);
      case 'reject_once':
        return toolRejection('approval', `The user declined: ${asked.detail}`, feedback);
      case 'cancelled':
        // Also what a host answers when there was nobody to ask (no terminal): it says so to the person.
        return toolRejection('approval', `Nobody approved this call, so it did not run: ${asked.detail}`);
    }
  });
}
