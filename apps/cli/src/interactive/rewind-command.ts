import { formatRestoreResult } from '../render/format-restore-result.js';
import type { SessionCommandContext, SessionCommandOutcome } from './session-command-context.js';

const SCOPES = ['both', 'code', 'conversation'] as const;

/**
 * `/rewind [TURN] [both | code | conversation] [force]`: takes the session back to before turn
 * TURN (the last by default): the files from its checkpoints and the conversation (`both`, the
 * default), or one of them. Files changed outside toolgate since are listed and left alone unless
 * `force`. The store keeps the turns; the model is told on the next request.
 */
export async function rewindCommand(
  argument: string,
  context: SessionCommandContext,
): Promise<SessionCommandOutcome> {
  const words = argument.split(/\s+/).filter((word) => word !== '');
  const number = words.find((word) => /^\d+$/.test(word));
  const scope = SCOPES.find((name) => words.includes(name)) ?? 'both';
  const force = words.includes('force');
  const unknown = words.find(
    (word) => word !== number && word !== 'force' && !(SCOPES as readonly string[]).includes(word),
  );
  if (unknown !== undefined) {
    context.say(
      `/rewind: unknown ${JSON.stringify(unknown)}. /rewind [TURN] [both | code | conversation] [force]\n`,
    );
    return {};
  }
  const turns = context.session.stored?.turns() ?? [];
  const before = number === undefined ? turns.at(-1) : Number(number);
  if (before === undefined) {
    context.say('Nothing to rewind: this session has no turn yet.\n');
    return {};
  }
  if (!turns.includes(before)) {
    context.say(`No turn ${before} to rewind to; the turns are ${turns.join(', ')}. /rewind [TURN]\n`);
    return {};
  }
  const outcome = await context.session.rewind(before, {
    code: scope !== 'conversation',
    conversation: scope !== 'code',
    force,
  });
  if (outcome.files) context.say(formatRestoreResult(outcome.files).replace('--force', '/rewind … force'));
  if (outcome.files?.status === 'refused') return {};
  const left = turns.filter((turn) => turn < before).length;
  context.say(
    scope === 'code'
      ? `Rewound the files to before turn ${before}; the conversation is as it was.\n`
      : `Rewound to before turn ${before}: the conversation now holds ${left} turn(s)${scope === 'both' ? ', and the files are restored' : '; files were not restored'}.\n`,
  );
  return {};
}
