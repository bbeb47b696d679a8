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
