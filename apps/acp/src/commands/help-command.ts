import type { AcpCommand } from './acp-command.js';

/** `/help`: the session's commands and what they do. */
export const HELP_COMMAND: AcpCommand = {
  name: 'help',
  description: "List toolgate's commands.",
  async run(_argument, { commands }) {
    const lines = commands.map(
      (command) => `- /${command.name}${command.hint ? ` ${command.hint}` : ''}: ${command.description}`,
    );
    return `Commands (type one at the start of a prompt):\n${lines.join('\n')}`;
  },
};
