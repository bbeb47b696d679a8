import type { ApprovalRequest } from '@toolgate/core';
import type { Colors } from '../render/colors.js';

/** Why the terminal approver let a call not run. */
export type TerminalRejectionReason = 'declined' | 'no_terminal' | 'end_of_input' | 'interrupted';

/** A call the terminal approver did not approve, and why. */
export interface TerminalRejection {
  readonly request: ApprovalRequest;
  readonly why: TerminalRejectionReason;
}

const UNATTENDED = 'use --approval auto for unattended use';

const EXPLANATIONS: Readonly<Record<TerminalRejectionReason, string>> = {
  declined: 'Nothing ran.',
  no_terminal: `It needs approval and there is no terminal to ask, so nothing ran; ${UNATTENDED}.`,
  end_of_input: `It needs approval and the terminal reached end of input, so nothing ran; ${UNATTENDED}.`,
  interrupted: 'Interrupted before an answer; nothing ran.',
};

/**
 * The one line a person reads about a rejected call: the tool, every operation it would have
 * done (the request's detail), and why nothing ran.
 */
export function formatRejectionLine(rejection: TerminalRejection, colors: Colors): string {
  const { request, why } = rejection;
  return `${colors.yellow(`• Rejected ${request.toolName}`)}: ${request.detail}. ${EXPLANATIONS[why]}\n`;
}
