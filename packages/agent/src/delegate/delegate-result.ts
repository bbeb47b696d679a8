import { type ToolResult, toolFailure, toolRejection, toolSuccess } from '@toolgate/core';
import type { TurnResult } from '../agent-event.js';
import type { StopReason } from '../stop-reason.js';
import type { TurnUsage } from '../turn-usage.js';
import {
  delegateFailureMessage,
  delegateInterruptedMessage,
  delegateRefusalReason,
} from './delegate-result-description.js';

/** The structured output of a delegate call: the child's answer, why it stopped and what it used. */
export interface DelegateOutput {
  readonly agent: string;
  readonly stopReason: StopReason;
  /** The child's final text. */
  readonly output: string;
  readonly usage: TurnUsage;
  readonly steps: number;
}

/**
 * The delegate call's result from the child's turn: `completed` is a success carrying the child's
 * text; a child stopped by the approver (or by a rule or hook) makes the call rejected the same
 * way, so the parent stops too; an interrupted child is `aborted`; any other stop is a failure
 * `delegate_<stop reason>` the parent's model reads. `refusal` is the rejection that stopped the child.
 */
export function delegateResultOf(
  agent: string,
  turn: TurnResult,
  refusal: { readonly by: 'approval' | 'policy' | 'rule' | 'hook'; readonly reason: string } | undefined,
): ToolResult<DelegateOutput> {
  const output: DelegateOutput = {
    agent,
    stopReason: turn.stopReason,
    output: turn.text,
    usage: turn.usage,
    steps: turn.steps,
  };
  switch (turn.stopReason) {
    case 'completed':
      return toolSuccess(output);
    case 'blocked_by_approval':
      return toolRejection('approval', delegateRefusalReason(agent, refusal?.reason));
    case 'blocked_by_policy':
      return toolRejection(
        refusal && refusal.by !== 'approval' ? refusal.by : 'policy',
        delegateRefusalReason(agent, refusal?.reason),
      );
    case 'interrupted':
      return toolFailure('aborted', delegateInterruptedMessage(agent), output);
    default:
      return toolFailure(
        `delegate_${turn.stopReason}`,
        delegateFailureMessage(agent, turn.stopReason, turn.steps, turn.text, turn.error),
        output,
      );
  }
}
