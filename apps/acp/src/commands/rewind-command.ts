import type { AcpCommand } from './acp-command.js';

const SCOPES = ['both', 'code', 'conversation'] as const;

/**
 * `/rewind [TURN] [both | code | conversation] [force]`: takes the session back to before turn
 * TURN (the last by default): its files from the checkpoints and the conversation, or one of
 * them; files changed outside toolgate since are listed and left alone unless `force`.
 */
export const REWIND_COMMAND: AcpCommand = {
  name: 'rewind',
  description: 'Take back a turn: its file changes and the conversation (or one of them).',
  hint: '[TURN] [both | code | conversation] [force]',
  async run(argument, { session }) {
    const words = argument.split(/\s+/).filter((word) => word !== '');
    const number = words.find((word) => /^\d+$/.test(word));
    const scope = SCOPES.find((name) => words.includes(name)) ?? 'both';
    const force = words.includes('force');
    const unknown = words.find(
      (word) => word !== number && word !== 'force' && !(SCOPES as readonly string[]).includes(word),
    );
    if (unknown !== undefined)
      return `/rewind: unknown ${JSON.stringify(unknown)}. Usage: /rewind [TURN] [both | code | conversation] [force]`;
    const turns = session.stored?.turns() ?? [];
    const before = number === undefined ? turns.at(-1) : Number(number);
    if (before === undefined) return 'Nothing to rewind: this session has no turn yet.';
    if (!turns.includes(before)) return `No turn ${before} to rewind to; the turns are ${turns.join(', ')}.`;
    try {
      const outcome = await session.rewind(before, {
        code: scope !== 'conversation',
        conversation: scope !== 'code',
        force,
      });
      if (outcome.files?.status === 'refused')
        return `Nothing was rewound: ${outcome.files.message}${outcome.files.code === 'changed_outside' ? ` (/rewind ${before} ${scope} force restores them anyway)` : ''}.`;
      return scope === 'code'
        ? `Rewound the files to before turn ${before}; the conversation is as it was.`
        : `Rewound to before turn ${before}${scope === 'both' ? ', files and conversation' : ' (the conversation only)'}.`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  },
};
