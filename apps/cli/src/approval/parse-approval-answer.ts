import type { ApprovalAnswer } from '@toolgate/core';

/** `y`/`yes` → once, `a`/`always` → for the session (any case, trimmed); anything else rejects. */
export function parseApprovalAnswer(line: string): ApprovalAnswer {
  const answer = line.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return 'allow_once';
  if (answer === 'a' || answer === 'always') return 'allow_always';
  return 'reject_once';
}
