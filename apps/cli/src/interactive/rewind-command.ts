import type { SessionCommandContext, SessionCommandOutcome } from './session-command-context.js';

/**
 * `/rewind [TURN]`: cuts the conversation back to before turn TURN (the last by default); the
 * store keeps the turns, and the model is told on the next request. Files are not restored.
 */
export async function rewindCommand(
  argument: string,
  context: SessionCommandContext,
): Promise<SessionCommandOutcome> {
  const turns = context.session.stored?.turns() ?? [];
  const before = argument === '' ? turns.at(-1) : /^\d+$/.test(argument) ? Number(argument) : Number.NaN;
  if (before === undefined) {
    context.say('Nothing to rewind: this session has no turn yet.\n');
    return {};
  }
  if (!turns.includes(before)) {
    context.say(`No turn ${argument} to rewind to; the turns are ${turns.join(', ')}. /rewind [TURN]\n`);
    return {};
  }
  await context.session.rewind(before, { code: false, conversation: true });
  context.say(
    `Rewound to before turn ${before}: the conversation now holds ${turns.filter((turn) => turn < before).length} turn(s); files were not restored.\n`,
  );
  return {};
}
