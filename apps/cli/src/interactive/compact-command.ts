import type { SessionCommandContext, SessionCommandOutcome } from './session-command-context.js';

/** `/compact`: replaces every turn but the last by a summary the model writes (the store keeps them). */
export async function compactCommand(
  _argument: string,
  context: SessionCommandContext,
): Promise<SessionCommandOutcome> {
  const result = await context.session.compact({ signal: context.signal });
  context.say(
    result.compacted
      ? `Compacted ${result.replaced} earlier turn(s) into a summary; the store keeps them.\n`
      : `Not compacted: ${result.reason}.\n`,
  );
  return {};
}
