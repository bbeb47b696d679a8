import { APPROVAL_MODES, parseApprovalMode } from '@toolgate/core';
import type { AcpCommand } from './acp-command.js';

/** `/mode [name]`: names the approval mode, or switches to another (the editor hears `current_mode_update`). */
export const MODE_COMMAND: AcpCommand = {
  name: 'mode',
  description: `Show the approval mode, or switch to another (${APPROVAL_MODES.join(', ')}).`,
  hint: 'mode',
  async run(argument, context) {
    const wanted = argument.trim();
    if (wanted === '')
      return `The approval mode is ${context.mode()}. Switch with /mode ${APPROVAL_MODES.join(' | ')}.`;
    const mode = parseApprovalMode(wanted);
    if (mode === undefined)
      return `The mode stays ${context.mode()}: ${JSON.stringify(wanted)} is not a mode (${APPROVAL_MODES.join(', ')}).`;
    context.setMode(mode);
    const now = context.mode();
    return now === mode
      ? `The approval mode is now ${now}.`
      : `The approval mode is ${now}: the managed settings allow nothing looser, so ${mode} runs as ${now}.`;
  },
};
