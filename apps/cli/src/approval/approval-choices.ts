import type { ApprovalRequest } from '@toolgate/core';
import type { Colors } from '../render/colors.js';

/**
 * Which answers a host offers beyond `y` (yes, once) and `n` (no, the default). `a` for the
 * session only where a session outlives the call; `p` (this project) and `e` (everywhere) where
 * the host can write the question's `lastingRules` (in a one-shot call, `a` means this project);
 * `f` only where a model will read why.
 */
export interface ApprovalChoices {
  /** A session outlives the call: `a` remembers for it, `p` and `e` write a rule. */
  readonly always: boolean;
  /** `f`: no, and tell the model why (a line of feedback it reads with the rejection). */
  readonly feedback: boolean;
}

/** `toolgate call`: one call, no session after it and no model: yes, no, and "always for this project" where a rule can say it. */
export const ONE_SHOT_CHOICES: ApprovalChoices = { always: false, feedback: false };

function ruleList(request: ApprovalRequest): string {
  return (request.lastingRules ?? []).map((rule) => `allow ${rule}`).join(', ');
}

/** The labelled choices under the approval block, one per line, and the question. */
export function formatApprovalChoices(
  choices: ApprovalChoices,
  request: ApprovalRequest,
  colors: Colors,
): { readonly lines: string; readonly question: string } {
  const offered: [string, string][] = [['y', 'yes']];
  const lasting = request.lastingRules !== undefined;
  // The tool names the scope of "always" itself: bash the exact command, edits their files; a
  // lasting one shows the very rules it writes into the person's config file.
  if (choices.always) {
    offered.push(['a', `yes, and ${request.rememberLabel} this session`]);
    if (lasting) {
      offered.push(['p', `yes, and in this project from now on: ${ruleList(request)} (your config file)`]);
      offered.push(['e', `yes, and everywhere from now on: ${ruleList(request)} (your config file)`]);
    }
  } else if (lasting) {
    offered.push(['a', `yes, and in this project from now on: ${ruleList(request)} (your config file)`]);
  }
  offered.push(['n', 'no (the default)']);
  if (choices.feedback) offered.push(['f', 'no, and tell the model why']);
  const keys = offered.map(([key]) => (key === 'n' ? 'N' : key)).join('/');
  return {
    lines: offered.map(([key, label]) => `  ${colors.bold(key)}  ${label}\n`).join(''),
    question: colors.bold(`• Approve? [${keys}] `),
  };
}
