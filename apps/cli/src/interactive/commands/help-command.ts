import { formatFileCommands } from '../../render/format-file-commands.js';
import type { SlashCommand } from './slash-command.js';

/** `/help`: every command with its usage and line. */
export const HELP_COMMAND: SlashCommand = {
  name: 'help',
  usage: '/help',
  summary: 'list the commands, those from files with their source',
  async run(_args, { commands, fileCommands, write, colors }) {
    const width = Math.max(...commands.map((command) => command.usage.length));
    write(
      commands
        .map((command) => `  ${colors.bold(command.usage.padEnd(width))}  ${command.summary}\n`)
        .join('') +
        (fileCommands.offered.length + fileCommands.shadowed.length + fileCommands.problems.length > 0
          ? `Commands from files (their prompt goes to the model):\n${formatFileCommands(fileCommands, colors)}`
          : '') +
        colors.dim(
          'Any other line is sent to the model; a line starting with / that is no command is sent only once you confirm.\n',
        ),
    );
    return 'continue';
  },
};
