/** The prompt of the turn a stop hook asked for: what the hook said, for the model to act on. */
export function stopHookPrompt(command: string, reason: string): string {
  return `The stop hook ${JSON.stringify(command)} asked you to continue before ending the turn: ${reason}`;
}

/** The text of a turn whose prompt a userPromptSubmit hook blocked (shown to the person). */
export function blockedPromptText(command: string, reason: string): string {
  return `The prompt was blocked by the userPromptSubmit hook ${JSON.stringify(command)}: ${reason}`;
}
