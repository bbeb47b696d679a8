import { mkdir, open, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentMessage } from '@toolgate/agent';
import { appendSessionRecords } from './append-session-records.js';
import { sessionDirectory } from './session-directory.js';
import { lockSession } from './session-lock.js';
import type { SessionHeaderRecord, SessionRecord, TurnRecord } from './session-record.js';
import { SESSION_LOG_FILE, type StoredSession } from './session-store.js';

/** What a turn record says besides its number and time. */
export type TurnRecordFields = Omit<TurnRecord, 'type' | 'turn' | 'at'>;

/** Writes one session's log as it goes: each record flushed to disk before the call resolves. */
export interface SessionRecorder {
  readonly id: string;
  /** `<stateDir>/sessions/<id>`. */
  readonly directory: string;
  /** The number the next turn takes (1 for a new session; a resumed one goes on counting). */
  readonly nextTurn: number;
  /**
   * Takes the next turn's number at once and records that the turn begins (`written` settles once
   * it is written: flushed with the turn's end). The first turn of a new session creates its
   * directory and log, flushed at once.
   */
  beginTurn(input: string): { readonly turn: number; readonly written: Promise<void> };
  /** Records the end of turn `turn`. */
  endTurn(turn: number, fields: TurnRecordFields): Promise<void>;
  /** Records that the turns up to `through` were replaced by `summary` in the model's context. */
  compaction(through: number, summary: readonly AgentMessage[]): Promise<void>;
  /** Gives up the session's lock (taken when its directory is opened or created). */
  release(): Promise<void>;
}

/** How a recorder starts: a new session, a stored one resumed, or a copy of a stored one. */
export type RecorderStart =
  | { readonly kind: 'new'; readonly id: string; readonly workspace: string }
  | { readonly kind: 'resume'; readonly stored: StoredSession }
  | {
      readonly kind: 'fork';
      readonly id: string;
      readonly workspace: string;
      readonly stored: StoredSession;
    };

const TITLE_LENGTH = 80;

function titleOf(input: string): string {
  const line = input.trim().split('\n')[0] ?? '';
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

const now = () => new Date().toISOString();

/** Creates the session's directory (0700) and its log (0600) with its first records, flushed, the directory entry too. */
async function createLog(directory: string, records: readonly SessionRecord[]): Promise<void> {
  // The checkpoints may have made the directory already (its `checkpoints/`); the log is new.
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const handle = await open(join(directory, SESSION_LOG_FILE), 'wx', 0o600);
  try {
    await handle.write(records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    await handle.datasync();
  } finally {
    await handle.close();
  }
  const parent = await open(directory, 'r');
  try {
    await parent.sync();
  } finally {
    await parent.close();
  }
}

/**
 * Opens the recorder of one session under `stateDir`. A resumed log that ended in a torn or
 * damaged record is cut back to its last whole record first, so what is appended next reads back;
 * a fork is written at once (its own header, then the stored session's records). The session's
 * lock is taken when its directory is opened (resume, fork) or created (a new session's first turn).
 */
export async function openSessionRecorder(stateDir: string, start: RecorderStart): Promise<SessionRecorder> {
  const id = start.kind === 'resume' ? start.stored.summary.id : start.id;
  const directory = sessionDirectory(stateDir, id);
  const file = join(directory, SESSION_LOG_FILE);
  let created = start.kind === 'resume';
  let release = async () => {};
  // A resumed session is locked before anything is appended: another process may have it open.
  if (start.kind === 'resume') release = await lockSession(directory, id);
  /** A new session's directory and header wait for its first turn (its title). */
  const newWorkspace = start.kind === 'new' ? start.workspace : undefined;
  let nextTurn = start.kind === 'new' ? 1 : start.stored.conversation.nextTurn;
  if (start.kind === 'resume' && start.stored.log.dropped > 0)
    await truncate(file, start.stored.log.validLength);
  if (start.kind === 'fork') {
    const { stored } = start;
    const header: SessionHeaderRecord = {
      type: 'session',
      version: 1,
      id,
      workspace: start.workspace,
      createdAt: now(),
      title: stored.summary.title,
      forkedFrom: { id: stored.summary.id, turns: stored.conversation.turns.length },
    };
    await createLog(directory, [header, ...stored.log.records.slice(1)]);
    release = await lockSession(directory, id);
    created = true;
  }
  const append = (record: SessionRecord) => appendSessionRecords(file, [record]);
  return {
    id,
    directory,
    get nextTurn() {
      return nextTurn;
    },
    beginTurn(input) {
      const turn = nextTurn;
      nextTurn += 1;
      const begin: SessionRecord = { type: 'turn-start', turn, at: now() };
      // Written, not flushed: a killed process keeps it; the turn's end is flushed (a power loss
      // costs at most the turn in flight, as the checkpoints' journal does).
      if (created || newWorkspace === undefined)
        return { turn, written: appendSessionRecords(file, [begin], false) };
      created = true;
      const header: SessionHeaderRecord = {
        type: 'session',
        version: 1,
        id,
        workspace: newWorkspace,
        createdAt: now(),
        title: titleOf(input),
      };
      const written = createLog(directory, [header, begin]).then(async () => {
        release = await lockSession(directory, id);
      });
      return { turn, written };
    },
    endTurn: (turn, fields) => append({ type: 'turn', turn, at: now(), ...fields }),
    compaction: (through, summary) => append({ type: 'compaction', through, at: now(), summary }),
    release: () => release(),
  };
}
