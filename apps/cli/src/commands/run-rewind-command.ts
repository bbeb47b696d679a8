import { openSessionStore, SessionStoreError, toolgateStateDirectory } from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { invocationDirectory, resolveWorkspaceDirectory } from '../cli/resolve-session-settings.js';
import { UsageError } from '../cli/usage-error.js';

/** Options of `toolgate rewind`. */
export type RewindCommandOptions = CommandOptions<'rewind'>;

/**
 * `toolgate rewind [--session ID] [--to TURN] [--conversation]`: cuts a stored session (the
 * workspace's last by default) back to before turn TURN (its last by default). The turns stay in
 * the store; the next `run --continue` or `--resume` goes on from there, and the model is told.
 */
export async function runRewindCommand(io: CliIo, command: RewindCommandOptions): Promise<ExitCode> {
  if (command.scope !== 'conversation')
    throw new UsageError(
      `--${command.scope} is not available yet: toolgate keeps no file checkpoints in this version. --conversation rewinds the conversation only.`,
    );
  const store = openSessionStore(toolgateStateDirectory(io.env));
  let id = command.session;
  if (id === undefined) {
    const root = await resolveWorkspaceDirectory(invocationDirectory(io.env, io.cwd), command.options.cwd);
    const latest = await store.latest(root);
    if (!latest)
      throw new SessionStoreError(
        'session_not_found',
        `No stored session in ${root} to rewind: name one with --session ID (see toolgate sessions list).`,
      );
    id = latest.id;
  }
  const rewound = await store.rewind(id, { before: command.to, code: false, conversation: true });
  io.stdout.write(
    `Rewound session ${rewound.id} to before turn ${rewound.before}: the conversation no longer holds turn ${rewound.before} or later (the store keeps them); files were not restored. Continue with toolgate run --resume ${rewound.id} "<prompt>".\n`,
  );
  return EXIT_CODES.success;
}
