import { join } from 'node:path';
import type { RestoreResult } from '@toolgate/checkpoints';
import { openSessionCheckpoints } from '../checkpoints/open-session-checkpoints.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { lockSession } from './session-lock.js';
import type { RewindScope } from './session-record.js';
import { openSessionStore } from './session-store.js';
import { SessionStoreError } from './session-store-error.js';

/** Options of {@link rewindStoredSession}. */
export interface RewindStoredSessionOptions extends RewindScope {
  /** toolgate's state directory. */
  readonly stateDirectory: string;
  /** The session's id, or a unique prefix of it. */
  readonly id: string;
  /** The turn to go back to before. @default the last one (of the conversation, or with `code` only of the checkpoints) */
  readonly before?: number | undefined;
  /** Restore files changed outside toolgate since the checkpoint too. @default false */
  readonly force?: boolean;
}

/** What {@link rewindStoredSession} did. */
export interface StoredRewind {
  readonly id: string;
  readonly before: number;
  /** With `code`: the checkpoints' restore (a refusal recorded nothing). */
  readonly files: RestoreResult | undefined;
}

/**
 * Rewinds a stored session no process has open (`toolgate rewind`), under its lock: with `code`,
 * the files are restored from its checkpoints (`<sessionDir>/checkpoints`; excluded, protected
 * and secret paths untouched, files changed outside toolgate since refused unless `force`: then
 * nothing is recorded); with `conversation`, the conversation is cut back (the log keeps the
 * turns). The model is told on the session's next request. `settings` are the session's
 * workspace's (what the checkpoints exclude). Throws `SessionStoreError` (`session_busy`,
 * `session_turn_not_found`, …).
 */
export async function rewindStoredSession(
  settings: SessionSettings,
  options: RewindStoredSessionOptions,
): Promise<StoredRewind> {
  const store = openSessionStore(options.stateDirectory);
  const { summary, conversation } = await store.read(options.id);
  const release = await lockSession(summary.directory, summary.id);
  try {
    const turns = conversation.turns.map((turn) => turn.turn);
    const checkpoints = options.code
      ? await openSessionCheckpoints(settings, { directory: join(summary.directory, 'checkpoints') })
      : undefined;
    try {
      const kept = checkpoints ? (await checkpoints.list()).map((checkpoint) => checkpoint.turn) : [];
      const before = options.before ?? (options.conversation ? turns : kept).at(-1);
      if (before === undefined || (options.conversation && !turns.includes(before)))
        throw new SessionStoreError(
          'session_turn_not_found',
          before === undefined
            ? `Session ${summary.id} holds no turn to rewind.`
            : `Session ${summary.id} holds no turn ${before}; its turns are ${turns.join(', ')}.`,
        );
      const files = checkpoints
        ? await checkpoints.restore(before, { force: options.force === true })
        : undefined;
      if (files?.status !== 'refused')
        await store.rewind(summary.id, { before, code: options.code, conversation: options.conversation });
      return { id: summary.id, before, files };
    } finally {
      await checkpoints?.close();
    }
  } finally {
    await release();
  }
}
