/** The choices an MCP client shows when toolgate asks for approval through elicitation. */
export const APPROVAL_CHOICES = [
  { const: 'allow_once', title: 'Allow once' },
  { const: 'allow_always', title: 'Allow always (this session)' },
  { const: 'reject_once', title: 'Reject' },
  { const: 'reject_always', title: 'Reject always (this session)' },
] as const;

/** Appended to a rejected call when the client could not be asked. */
export const NO_ELICITATION_NOTE =
  'This call needs approval, but the MCP client does not support elicitation, so toolgate cannot ask. ' +
  'Use a client that supports elicitation, or start the server with approval mode "auto" to run calls without asking.';

/** Why a call did not run when its client cannot be asked at all (replaces "cancelled before anyone answered"). */
export function unaskableReason(detail: string): string {
  return `This call needs approval and nobody could be asked (the MCP client cannot show questions), so it did not run: ${detail}`;
}

/** Why a call did not run when the client answered with something toolgate does not know (not "The user declined"). */
export function unknownAnswerReason(answer: string, detail: string): string {
  return `The MCP client answered the approval question with ${answer}, which is not one of its choices, so the call did not run: ${detail}`;
}

/** Arguments some MCP clients add to every call (Gemini CLI: `wait_for_previous`), dropped when a tool does not declare them. */
export const CLIENT_INJECTED_ARGUMENTS = ['wait_for_previous'] as const;

/** Appended to a call's result when such arguments were dropped. */
export function droppedArgumentsNote(names: readonly string[]): string {
  return `Note: ignored ${names.map((name) => `\`${name}\``).join(', ')}, which the MCP client added and this tool does not take.`;
}
