import type { SlashCommand } from './slash-command.js';

/** `/clear`: forgets the conversation; the next line starts a new one (tools and mode stay). */
export const CLEAR_COMMAND: SlashCommand = {
  name: 'clear',
  usage: '/clear',
  summary: 'forget the conversation so far',
  async run(_args, { session, write, colors }) {
    session.clear();
    write(colors.dim('• Conversation cleared; the next line starts a new one.\n'));
    return 'continue';
  },
};
