import type { ApprovalAnswer } from '@toolgate/core';
import type { ApprovalChoices } from './approval-choices.js';

/**
 * `y`/`yes` → once; `a`/`always` → for the session, where offered (any case, trimmed). Anything
 * else, a choice not offered included, rejects: when in doubt, nothing runs.
 */
export function parseApprovalAnswer(line: string, choices: ApprovalChoices): ApprovalAnswer {
  const answer = line.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return 'allow_once';
  if (choices.always && (answer === 'a' || answer === 'always')) return 'allow_always';
  return 'reject_once';
}
