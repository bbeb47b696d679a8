/** What the model reads about `update_agents_md`. */
export const UPDATE_AGENTS_MD_DESCRIPTION = [
  "Read or update AGENTS.md, the project's long-term memory: conventions, decisions already made and open to-dos that should survive this session.",
  'action=read (default) returns {action, path, exists, content}.',
  'action=write replaces the whole file with content; action=append adds text at the end (starting on a new line if the file does not end with one; no newline is added after it).',
  'The file is AGENTS.md at the workspace root, or .agents/AGENTS.md if only that exists; it is created at the root when neither does.',
  'Keep entries short and factual; prefer append for new facts and write only to reorganize.',
].join(' ');
