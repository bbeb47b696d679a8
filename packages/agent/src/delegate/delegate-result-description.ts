import type { StopReason } from '../stop-reason.js';

/** What the parent's model reads when a child ended without an answer, by the child's stop reason. */
export function delegateFailureMessage(
  agent: string,
  stopReason: StopReason,
  steps: number,
  text: string,
  error: string | undefined,
): string {
  const last = text.trim() === '' ? '' : ` Its last text: ${text.trim()}`;
  switch (stopReason) {
    case 'max_steps':
      return `${agent} made ${steps} model requests without finishing (its step limit).${last} Give it a smaller task, or do the rest yourself.`;
    case 'model_error':
      return `${agent}'s model failed: ${error ?? 'unknown error'}. Try again later, or do the task yourself.`;
    case 'max_tokens':
      return `${agent}'s answer hit the output token limit.${last}`;
    case 'refusal':
      return `${agent}'s model refused to answer.${last}`;
    case 'budget_exhausted':
      return `${agent} stopped: a budget ran out (tokens per session are shared with delegates).${last} Finish with what you have.`;
    default:
      return `${agent} stopped (${stopReason}) without an answer.${last}`;
  }
}

/** What the parent's model reads when the child was interrupted. */
export function delegateInterruptedMessage(agent: string): string {
  return `${agent} was interrupted before it finished.`;
}

/** The reason of a delegate call whose child was stopped by a refusal, naming the child. */
export function delegateRefusalReason(agent: string, childReason: string | undefined): string {
  return `${agent} was stopped: ${childReason ?? 'one of its calls was refused.'}`;
}
