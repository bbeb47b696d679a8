import {
  openSessionStore,
  resumeMismatch,
  type SessionSettings,
  SessionStoreError,
  type SessionStoreOptions,
  toolgateStateDirectory,
} from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import type { ConversationChoice } from '../cli/parse-cli-arguments.js';
import { openControllingTerminal } from '../terminal/controlling-terminal.js';

/** Asks on the terminal whether to go on; false without one (nobody can agree). */
async function confirmOnTerminal(question: string, signal: AbortSignal): Promise<boolean> {
  const terminal = openControllingTerminal();
  if (!terminal) return false;
  try {
    terminal.write(`${question} [y/N] `);
    const answer = await terminal.readLine(signal);
    return answer !== null && /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    terminal.close();
  }
}

/**
 * Where the CLI records an agent session (toolgate's state directory) and which stored one it
 * continues: `--continue` the workspace's last, `--resume ID`, `--fork ID`. A session that ran in
 * another workspace or under other settings is continued only when the person says so on the
 * terminal; without one it is refused (`session_mismatch`, exit 2).
 */
export async function resolveConversation(
  io: Pick<CliIo, 'env' | 'stderr' | 'signal'>,
  settings: SessionSettings,
  choice: ConversationChoice | undefined,
): Promise<SessionStoreOptions> {
  const stateDirectory = toolgateStateDirectory(io.env);
  if (!choice) return { stateDirectory };
  const store = openSessionStore(stateDirectory);
  let id: string;
  if (choice.kind === 'continue') {
    const latest = await store.latest(settings.root);
    if (!latest)
      throw new SessionStoreError(
        'session_not_found',
        `No stored session in ${settings.root} to continue: start one with toolgate run "<prompt>", or see toolgate sessions list.`,
      );
    id = latest.id;
  } else id = choice.id;
  const stored = await store.read(id);
  const kind = choice.kind === 'fork' ? 'fork' : 'resume';
  const reasons = resumeMismatch(stored, settings);
  if (reasons.length === 0) return { stateDirectory, conversation: { kind, id: stored.summary.id } };
  io.stderr.write(`toolgate: session ${stored.summary.id} ${reasons.join(', and ')}.\n`);
  const accepted = await confirmOnTerminal(`Continue it here anyway?`, io.signal);
  return { stateDirectory, conversation: { kind, id: stored.summary.id, accepted } };
}
