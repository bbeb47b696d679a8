import { realpath } from 'node:fs/promises';
import {
  openSessionStore,
  rewindStoredSession,
  SessionStoreError,
  toolgateStateDirectory,
} from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import {
  invocationDirectory,
  resolveSessionSettings,
  resolveWorkspaceDirectory,
} from '../cli/resolve-session-settings.js';
import { formatRestoreResult } from '../render/format-restore-result.js';

/** Options of `toolgate rewind`. */
export type RewindCommandOptions = CommandOptions<'rewind'>;

/**
 * `toolgate rewind [--session ID] [--to TURN] [--conversation | --code | --both] [--force]`:
 * takes a stored session (the workspace's last by default) back to before turn TURN (its last by
 * default): `--conversation` cuts the conversation (the store keeps the turns), `--code` restores
 * the files from its checkpoints (refusing, with a list, files changed outside toolgate since,
 * unless `--force`), `--both` does both. The next `run --continue` or `--resume` goes on from
 * there, and the model is told.
 */
export async function runRewindCommand(io: CliIo, command: RewindCommandOptions): Promise<ExitCode> {
  const stateDirectory = toolgateStateDirectory(io.env);
  let id = command.session;
  const root = await resolveWorkspaceDirectory(invocationDirectory(io.env, io.cwd), command.options.cwd);
  if (id === undefined) {
    const latest = await openSessionStore(stateDirectory).latest(root);
    if (!latest)
      throw new SessionStoreError(
        'session_not_found',
        `No stored session in ${root} to rewind: name one with --session ID (see toolgate sessions list).`,
      );
    id = latest.id;
  }
  const { workspace } = await openSessionStore(stateDirectory).find(id);
  // A rewind changes the session's own workspace: one named elsewhere must be asked for there.
  if (workspace !== root && workspace !== (await realpath(root).catch(() => root)))
    throw new SessionStoreError(
      'session_mismatch',
      `Session ${id} ran in ${workspace}, not in ${root}: its files are restored only from there (toolgate rewind --cwd ${workspace} --session ${id}).`,
    );
  // What the checkpoints leave alone is what the session's workspace protects and hides.
  const settings = await resolveSessionSettings(io, { ...command.options, cwd: workspace });
  const rewound = await rewindStoredSession(settings, {
    stateDirectory,
    id,
    before: command.to,
    code: command.scope !== 'conversation',
    conversation: command.scope !== 'code',
    force: command.force,
  });
  if (rewound.files) io.stdout.write(formatRestoreResult(rewound.files));
  if (rewound.files?.status === 'refused') return EXIT_CODES.toolFailure;
  const what =
    command.scope === 'code'
      ? 'the files (the conversation is as it was)'
      : `the conversation: it no longer holds turn ${rewound.before} or later (the store keeps them)${command.scope === 'both' ? ', and the files' : '; files were not restored'}`;
  io.stdout.write(
    `Rewound session ${rewound.id} to before turn ${rewound.before}: ${what}. Continue with toolgate run --resume ${rewound.id} "<prompt>".\n`,
  );
  return EXIT_CODES.success;
}
