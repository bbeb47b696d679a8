/** Claude Code's tool names, so users can copy their rules: each stands for these toolgate tools. */
export const TOOL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  Bash: ['bash'],
  Read: ['read_file', 'grep', 'glob'],
  Edit: ['edit', 'write_file', 'apply_patch', 'update_agents_md'],
  MultiEdit: ['edit'],
  Write: ['write_file'],
  Glob: ['glob'],
  Grep: ['grep'],
};

/** The tools that write files: a command line's redirections are judged by their rules. */
export const WRITE_TOOLS: readonly string[] = ['write_file', 'edit', 'apply_patch', 'update_agents_md'];

/** The tools that read files: what a command line's input redirections read is judged by their rules. */
export const READ_TOOLS: readonly string[] = ['read_file', 'grep', 'glob'];
