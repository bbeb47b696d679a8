import { describeSessionStatus } from '@toolgate/host';
import type { AcpCommand } from './acp-command.js';

/** `/status`: the model, approval mode, session, workspace, sandbox, tokens spent and context left. */
export const STATUS_COMMAND: AcpCommand = {
  name: 'status',
  description: 'Show the model, approval mode, session, workspace, sandbox, tokens used and context left.',
  async run(argument, { session, askedMode }) {
    if (argument.trim() !== '') return '/status takes nothing after it.';
    return describeSessionStatus(session, askedMode())
      .map((line) => `- ${line.label}: ${line.value}`)
      .join('\n');
  },
};
