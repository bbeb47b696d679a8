import type { StopReason } from './stop-reason.js';

/** What the model reads for a call of its step that was never run, by why the turn stopped. */
export function notRunMessage(reason: StopReason): string {
  switch (reason) {
    case 'blocked_by_approval':
    case 'blocked_by_policy':
      return 'Not run: an earlier call in the same step was refused, so the turn stopped before this call.';
    case 'interrupted':
      return 'Not run: the user interrupted the turn before this call ran.';
    case 'max_tokens':
      return 'Not run: the answer hit the output token limit, so this call may be incomplete. Make it again if it is still needed.';
    case 'budget_exhausted':
      return 'Not run: a budget of this turn ran out before this call ran.';
    default:
      return 'Not run: the turn stopped before this call ran.';
  }
}

/** What the model reads for a call past the limit of tool calls per step. */
export function overStepLimitMessage(made: number, limit: number): string {
  return `Not run: this step made ${made} tool calls and at most ${limit} run in one step (limits.maxToolCallsPerStep). Make the calls that are still needed again, fewer at a time.`;
}

/** What the model reads for a call past the turn's budget of tool calls. */
export function overTurnBudgetMessage(limit: number): string {
  return `Not run: this turn has run its budget of ${limit} tool calls (limits.maxToolCallsPerTurn), so it ends here. Say what is done and what is left.`;
}
