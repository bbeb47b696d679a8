/**
 * Why a turn ended (docs/architecture.md, "The agent runtime"), decided from typed results and the
 * model's finish reason, never from text.
 */
export const STOP_REASONS = [
  /** The model answered without asking for more tool calls. */
  'completed',
  /** A call was rejected by the approver without feedback: the turn waits for the person. */
  'blocked_by_approval',
  /** A call was refused by the session's policy, a rule or a hook. */
  'blocked_by_policy',
  /** The step limit was reached while the model still wanted tools. */
  'max_steps',
  /** The model hit its output token limit. */
  'max_tokens',
  /** The conversation does not fit the model's context window, even compacted. */
  'context_exceeded',
  /** The provider filtered or the model refused the answer. */
  'refusal',
  /** The turn's signal aborted or the session closed. */
  'interrupted',
  /** The model could not be reached or answered with an error (after bounded retries). */
  'model_error',
  /** A budget ran out (tool calls per turn, wall time per turn, tokens per session): `TurnResult.budget` names it. */
  'budget_exhausted',
] as const;

/** One of {@link STOP_REASONS}. */
export type StopReason = (typeof STOP_REASONS)[number];
