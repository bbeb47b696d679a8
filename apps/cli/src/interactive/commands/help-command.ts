import type { SlashCommand } from './slash-command.js';

/** `/help`: every command with its usage and line. */
export const HELP_COMMAND: SlashCommand = {
  name: 'help',
  usage: '/help',
  summary: 'list the commands',
  async run(_args, { commands, write, colors }) {
    const width = Math.max(...commands.map((command) => command.usage.length));
    write(
      commands
        .map((command) => `  ${colors.bold(command.usage.padEnd(width))}  ${command.summary}\n`)
        .join('') +
        colors.dim(
          'Any other line is sent to the model; a line starting with / that is no command is sent only once you confirm.\n',
        ),
    );
    return 'continue';
  },
};
