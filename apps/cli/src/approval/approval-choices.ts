import type { ApprovalRequest } from '@toolgate/core';
import type { Colors } from '../render/colors.js';

/**
 * Which answers a host offers beyond `y` (yes, once) and `n` (no, the default). `a` only where a
 * session outlives the call, so "always" can mean something; `f` only where a model will read why.
 */
export interface ApprovalChoices {
  /** `a`: yes, and remember it for the rest of the session. */
  readonly always: boolean;
  /** `f`: no, and tell the model why (a line of feedback it reads with the rejection). */
  readonly feedback: boolean;
}

/** `toolgate call`: one call, no session after it and no model: only yes or no. */
export const ONE_SHOT_CHOICES: ApprovalChoices = { always: false, feedback: false };

/** The labelled choices under the approval block, one per line, and the question. */
export function formatApprovalChoices(
  choices: ApprovalChoices,
  request: ApprovalRequest,
  colors: Colors,
): { readonly lines: string; readonly question: string } {
  const offered: [string, string][] = [['y', 'yes']];
  // The tool names the scope of "always" itself: bash the exact command, edits their files.
  if (choices.always) offered.push(['a', `yes, and ${request.rememberLabel} this session`]);
  offered.push(['n', 'no (the default)']);
  if (choices.feedback) offered.push(['f', 'no, and tell the model why']);
  const keys = offered.map(([key]) => (key === 'n' ? 'N' : key)).join('/');
  return {
    lines: offered.map(([key, label]) => `  ${colors.bold(key)}  ${label}\n`).join(''),
    question: colors.bold(`• Approve? [${keys}] `),
  };
}
