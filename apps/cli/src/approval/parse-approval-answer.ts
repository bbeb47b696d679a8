import type { ApprovalAnswerKind } from '@toolgate/core';
import type { ApprovalChoices } from './approval-choices.js';

/**
 * A parsed answer: one of core's kinds, `allow_project` / `allow_everywhere` (a lasting
 * "always"), `f` (asks the person for the reason next), or `always_not_offered` (`a` in a
 * one-shot call with no rule narrow enough to keep: rejected, with a line saying why).
 */
export type ParsedApprovalAnswer =
  | Exclude<ApprovalAnswerKind, 'cancelled'>
  | 'allow_project'
  | 'allow_everywhere'
  | 'reject_with_feedback'
  | 'always_not_offered';

/**
 * `y`/`yes` → once; `a`/`always` → for the session, or in a one-shot call for this project;
 * `p` → this project and `e` → everywhere where a lasting rule was offered (`lasting`); `f` → no,
 * with a reason for the model, where offered (any case, trimmed). Anything else, a choice not
 * offered included, rejects: when in doubt, nothing runs.
 */
export function parseApprovalAnswer(
  line: string,
  choices: ApprovalChoices,
  lasting = false,
): ParsedApprovalAnswer {
  const answer = line.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return 'allow_once';
  if (answer === 'a' || answer === 'always') {
    if (choices.always) return 'allow_always';
    return lasting ? 'allow_project' : 'always_not_offered';
  }
  if (choices.always && lasting && answer === 'p') return 'allow_project';
  if (choices.always && lasting && answer === 'e') return 'allow_everywhere';
  if (choices.feedback && answer === 'f') return 'reject_with_feedback';
  return 'reject_once';
}
