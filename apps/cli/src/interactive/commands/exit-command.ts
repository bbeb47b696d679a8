import type { SlashCommand } from './slash-command.js';

/** `/exit`: ends the interactive agent as Ctrl-D does (every process the session started is stopped). */
export const EXIT_COMMAND: SlashCommand = {
  name: 'exit',
  usage: '/exit',
  summary: 'end the session (as Ctrl-D does)',
  async run() {
    return 'exit';
  },
};
