import type { ApprovalAnswerKind } from '@toolgate/core';
import type { ApprovalChoices } from './approval-choices.js';

/** A parsed answer: one of core's kinds, or `f`, which asks the person for the reason next. */
export type ParsedApprovalAnswer = Exclude<ApprovalAnswerKind, 'cancelled'> | 'reject_with_feedback';

/**
 * `y`/`yes` → once; `a`/`always` → for the session and `f` → no, with a reason for the model,
 * each where offered (any case, trimmed). Anything else, a choice not offered included, rejects:
 * when in doubt, nothing runs.
 */
export function parseApprovalAnswer(line: string, choices: ApprovalChoices): ParsedApprovalAnswer {
  const answer = line.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return 'allow_once';
  if (choices.always && (answer === 'a' || answer === 'always')) return 'allow_always';
  if (choices.feedback && answer === 'f') return 'reject_with_feedback';
  return 'reject_once';
}
