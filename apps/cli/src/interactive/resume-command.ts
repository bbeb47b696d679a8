import { openSessionStore, toolgateStateDirectory } from '@toolgate/host';
import type { SessionCommandContext, SessionCommandOutcome } from './session-command-context.js';

/**
 * `/resume [ID]`: with an id, goes on with that stored session (the current one stays in the
 * store); without, lists the workspace's recent sessions to choose from.
 */
export async function resumeCommand(
  argument: string,
  context: SessionCommandContext & { readonly env: NodeJS.ProcessEnv },
): Promise<SessionCommandOutcome> {
  if (argument === '') {
    const root = context.session.settings.root;
    const sessions = (
      await openSessionStore(toolgateStateDirectory(context.env)).list({ workspace: root })
    ).slice(0, 10);
    if (sessions.length === 0) context.say(`No stored sessions in ${root}.\n`);
    else
      context.say(
        `Sessions in ${root} (newest first; /resume ID goes on with one):\n${sessions
          .map((session) => `  ${session.id}  ${session.updatedAt.toISOString()}  ${session.title}\n`)
          .join('')}`,
      );
    return {};
  }
  const session = await context.open({ kind: 'resume', id: argument });
  context.say(`Resumed session ${session.stored?.id} (next turn ${session.stored?.nextTurn}).\n`);
  return { session };
}
