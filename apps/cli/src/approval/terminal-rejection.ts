import type { ApprovalRequest } from '@toolgate/core';
import type { Colors } from '../render/colors.js';

/** Why the terminal approver let a call not run. */
export type TerminalRejectionReason =
  | 'declined'
  | 'always_not_offered'
  | 'no_terminal'
  | 'end_of_input'
  | 'interrupted';

/** A call the terminal approver did not approve, and why. */
export interface TerminalRejection {
  readonly request: ApprovalRequest;
  readonly why: TerminalRejectionReason;
}

/** What asked: the ask rule and its file, or the mode. */
function whatAsks(request: ApprovalRequest): string {
  return request.askingRule
    ? `the ask rule ${request.askingRule.text} in ${request.askingRule.source} asks about it`
    : `${request.mode} mode asks about it`;
}

/** Advice only where it changes the outcome: no mode runs what an ask rule asks about. */
function unattended(request: ApprovalRequest): string {
  return request.askingRule
    ? ''
    : '; unattended, pre-approve it with an allow rule, or refuse such calls to the model with --approval dont-ask';
}

function explanation(request: ApprovalRequest, why: TerminalRejectionReason): string {
  switch (why) {
    case 'declined':
      return 'You declined; nothing ran.';
    case 'always_not_offered':
      return '"always" is not offered for this call (no rule as narrow as it can be written), and nothing ran.';
    case 'no_terminal':
      return `Nobody to ask (no terminal): ${whatAsks(request)}, so nothing ran${unattended(request)}.`;
    case 'end_of_input':
      return `Nobody answered (end of input): ${whatAsks(request)}, so nothing ran${unattended(request)}.`;
    case 'interrupted':
      return 'Interrupted before an answer; nothing ran.';
  }
}

/**
 * The one line a person reads about a rejected call: the tool, every operation it would have
 * done (the request's detail), what refused it and why nothing ran; advice only when it would
 * change the outcome.
 */
export function formatRejectionLine(rejection: TerminalRejection, colors: Colors): string {
  const { request, why } = rejection;
  return `${colors.yellow(`• Rejected ${request.toolName}`)}: ${request.detail}. ${explanation(request, why)}\n`;
}
