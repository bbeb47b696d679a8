import { compactCommand } from './compact-command.js';
import { forkCommand } from './fork-command.js';
import { resumeCommand } from './resume-command.js';
import { rewindCommand } from './rewind-command.js';
import type { SessionCommandContext, SessionCommandOutcome } from './session-command-context.js';

const COMMANDS = {
  '/resume': resumeCommand,
  '/fork': forkCommand,
  '/rewind': rewindCommand,
  '/compact': compactCommand,
} as const;

/** The session commands' names, without the `/`. */
export const SESSION_COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS).map((name) => name.slice(1));

/**
 * Runs the line when it is one of the session commands (`/resume`, `/fork`, `/rewind`,
 * `/compact`); `undefined` for any other line (a prompt). A command that fails says why and
 * leaves the session as it was.
 */
export async function runSessionCommand(
  line: string,
  context: SessionCommandContext & { readonly env: NodeJS.ProcessEnv },
): Promise<SessionCommandOutcome | undefined> {
  const [name = '', ...rest] = line.trim().split(/\s+/);
  if (!Object.hasOwn(COMMANDS, name)) return undefined;
  try {
    return await COMMANDS[name as keyof typeof COMMANDS](rest.join(' '), context);
  } catch (error) {
    context.say(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return {};
  }
}
