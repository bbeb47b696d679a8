/** The system prompt of the request that writes a compaction's summary. */
export const COMPACTION_INSTRUCTIONS = `You write the summary that replaces the earlier part of a coding agent's conversation with a person, so the agent can go on without it. The agent will read only your summary and the latest turns.

Write plain text, at most about 600 words, with these parts:
- Goal: what the person wants overall, and every requirement, preference and constraint they stated.
- Done: what the agent did and found (decisions, commands run and their outcome, facts learned about the code).
- Files: every file read, created, changed or deleted, with what changed.
- Open: what is unfinished, failing or still to check, and what the agent was about to do.
Keep exact names (files, functions, commands, error messages). Do not invent anything; do not address the person.`;

/** The request that carries the transcript to summarize. */
export function compactionRequest(transcript: string): string {
  return `Summarize this conversation as instructed. The transcript:\n\n${transcript}`;
}

/** The message that stands in the history for the turns a compaction replaced. */
export function summaryMessageText(summary: string, files: readonly string[]): string {
  const touched = files.length > 0 ? `\n\nFiles named by the earlier tool calls: ${files.join(', ')}` : '';
  return `[toolgate: the earlier part of this conversation was compacted to save context. This summary, written by the model, stands for it; the turns after it are as they were.]\n\n${summary.trim()}${touched}`;
}

/** The turn's error when even the compacted conversation does not fit the model's window. */
export function contextExceededMessage(estimate: number, window: number): string {
  return `The conversation needs about ${estimate} tokens and the model's context window is ${window}, even after compacting the earlier turns. Start a new session, or rewind this one.`;
}
