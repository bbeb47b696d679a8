import { describeSessionStatus } from '@toolgate/host';
import type { SlashCommand } from './slash-command.js';

/** `/status`: the model, approval mode, session, workspace, sandbox, tokens spent and context left. */
export const STATUS_COMMAND: SlashCommand = {
  name: 'status',
  usage: '/status',
  summary: 'show the model, mode, session, sandbox, tokens used and context left',
  async run(args, { session, mode, write, colors }) {
    if (args !== '') {
      write(colors.yellow('• /status takes nothing after it.\n'));
      return 'continue';
    }
    const lines = describeSessionStatus(session, mode.get());
    const width = Math.max(...lines.map((line) => line.label.length));
    write(lines.map((line) => `  ${colors.bold(line.label.padEnd(width))}  ${line.value}\n`).join(''));
    return 'continue';
  },
};
