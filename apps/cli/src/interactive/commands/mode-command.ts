import {
  APPROVAL_MODE_DESCRIPTIONS,
  APPROVAL_MODES,
  describeApprovalModeNames,
  parseApprovalMode,
} from '@toolgate/core';
import type { SlashCommand } from './slash-command.js';

/** `/mode`: the modes with the current one marked; `/mode <name>` switches from the next call on. */
export const MODE_COMMAND: SlashCommand = {
  name: 'mode',
  usage: '/mode [name]',
  summary: 'show the approval modes, or switch to one',
  async run(args, { session, mode, write, colors }) {
    if (args === '') {
      const current = session.mode();
      const width = Math.max(...APPROVAL_MODES.map((name) => name.length));
      write(
        APPROVAL_MODES.map((name) => {
          const line = `${name === current ? '●' : ' '} ${name.padEnd(width)}  ${APPROVAL_MODE_DESCRIPTIONS[name].description}`;
          return `${name === current ? colors.bold(line) : line}\n`;
        }).join(''),
      );
      return 'continue';
    }
    const chosen = parseApprovalMode(args);
    if (chosen === undefined) {
      write(colors.yellow(`• No mode ${JSON.stringify(args)}; one of ${describeApprovalModeNames()}.\n`));
      return 'continue';
    }
    mode.set(chosen);
    // The mode calls run in: the managed floor's when the one chosen is looser.
    const now = session.mode();
    write(
      colors.dim(
        now === chosen
          ? `• Approval mode: ${chosen}. ${APPROVAL_MODE_DESCRIPTIONS[chosen].description}\n`
          : `• Approval mode: ${now}: the managed settings allow nothing looser, so ${chosen} runs as ${now}.\n`,
      ),
    );
    return 'continue';
  },
};
