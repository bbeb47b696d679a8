import type { AcpCommand } from './acp-command.js';

/** `/help`: the session's commands and what they do. */
export const HELP_COMMAND: AcpCommand = {
  name: 'help',
  description: "List toolgate's commands.",
  async run(_argument, { commands, fileCommands }) {
    const lines = commands.map(
      (command) => `- /${command.name}${command.hint ? ` ${command.hint}` : ''}: ${command.description}`,
    );
    const fromFiles = [
      ...fileCommands.offered.map(
        (command) =>
          `- /${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''}: ${command.description} (${command.label}, ${command.file})`,
      ),
      ...fileCommands.shadowed.map(
        (entry) => `- shadowed: /${entry.command.name} of ${entry.command.file}, by ${entry.by}`,
      ),
      ...fileCommands.problems.map((problem) => `- not offered: ${problem.file}: ${problem.reason}`),
    ];
    return `Commands (type one at the start of a prompt):\n${lines.join('\n')}${fromFiles.length === 0 ? '' : `\n\nCommands from files (their prompt goes to the model):\n${fromFiles.join('\n')}`}`;
  },
};
