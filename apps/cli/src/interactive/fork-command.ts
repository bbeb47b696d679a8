import type { SessionCommandContext, SessionCommandOutcome } from './session-command-context.js';

/** `/fork [ID]`: goes on in a new session copied from this one (or from stored session ID); the original stays as it is. */
export async function forkCommand(
  argument: string,
  context: SessionCommandContext,
): Promise<SessionCommandOutcome> {
  const from = argument === '' ? context.session.stored?.id : argument;
  if (from === undefined || (argument === '' && context.session.stored?.turns().length === 0)) {
    context.say('Nothing to fork yet: this session has no turn. /fork ID copies a stored session.\n');
    return {};
  }
  const session = await context.open({ kind: 'fork', id: from });
  context.say(`Forked ${from} into session ${session.stored?.id}; ${from} stays as it was.\n`);
  return { session };
}
