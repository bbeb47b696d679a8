import { open, readdir, rm, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { appendSessionRecords } from './append-session-records.js';
import { readSessionLog, type SessionLog } from './read-session-log.js';
import { replaySessionLog, type StoredConversation } from './replay-session-log.js';
import { sessionDirectory } from './session-directory.js';
import { isSessionId } from './session-id.js';
import { lockHolder } from './session-lock.js';
import type { RewindScope, SessionHeaderRecord } from './session-record.js';
import { parseSessionRecord } from './session-record-schema.js';
import { SessionStoreError } from './session-store-error.js';

/** The log file in a session's directory. */
export const SESSION_LOG_FILE = 'session.jsonl';

/** One stored session, as a listing shows it. */
export interface StoredSessionSummary {
  readonly id: string;
  /** Its directory, `<stateDir>/sessions/<id>`. */
  readonly directory: string;
  readonly workspace: string;
  readonly title: string;
  readonly createdAt: string;
  /** When its log was last written (the file's modification time). */
  readonly updatedAt: Date;
  readonly forkedFrom: SessionHeaderRecord['forkedFrom'];
}

/** A stored session read back whole. */
export interface StoredSession {
  readonly summary: StoredSessionSummary;
  readonly conversation: StoredConversation;
  readonly log: SessionLog;
}

/** How many sessions the store keeps (`sessions` in the user's config). */
export interface SessionRetention {
  /** The newest sessions kept. @default 100 */
  readonly keep?: number | undefined;
  /** Sessions not written for longer are removed. @default 30 */
  readonly maxAgeDays?: number | undefined;
}

/** The sessions under toolgate's state directory (`<stateDir>/sessions/`). */
export interface SessionStore {
  /** `<stateDir>/sessions`. */
  readonly directory: string;
  /** Every stored session, the most recently written first; only those of `workspace` when given. */
  list(options?: { readonly workspace?: string }): Promise<StoredSessionSummary[]>;
  /** The session with this id, or the only one whose id starts with it (at least 4 characters). */
  find(idOrPrefix: string): Promise<StoredSessionSummary>;
  /** The most recently written session of the workspace, if any. */
  latest(workspace: string): Promise<StoredSessionSummary | undefined>;
  /** Reads a session's log and replays it (see `replaySessionLog`). */
  read(idOrPrefix: string): Promise<StoredSession>;
  /**
   * Records a rewind of a stored session to before turn `before` (@default its last turn): with
   * `conversation`, the conversation is cut back there (the log keeps the turns); `code` says the
   * host restored the files (the model is told of either on its next request). Resolves to the
   * turn rewound to. Throws `SessionStoreError` (`session_turn_not_found`) for a turn the
   * conversation does not hold.
   */
  rewind(
    idOrPrefix: string,
    options: RewindScope & { readonly before?: number | undefined },
  ): Promise<{ readonly id: string; readonly before: number }>;
  /** Removes a session's directory (its checkpoints with it); `session_busy` while another process has it open. */
  remove(idOrPrefix: string): Promise<StoredSessionSummary>;
  /**
   * Removes the sessions past the retention, never those in `spare` (which take none of the
   * places `keep` leaves) or open in a live process; resolves to the removed ids.
   */
  prune(retention: SessionRetention, spare?: readonly string[]): Promise<string[]>;
}

const DEFAULT_KEEP = 100;
const DEFAULT_MAX_AGE_DAYS = 30;
const DAY_MS = 86_400_000;
/** The directory of a spill made without a session (`openSessionSpill`). */
const PROCESS_SPILL = /^spill-[0-9a-z]+-[0-9a-z]+-[0-9]+$/;
/** A header fits in this much of the file's start (the title is clipped). */
const HEADER_BYTES = 16_384;

async function readHeader(file: string): Promise<SessionHeaderRecord | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
    if (end === -1) return undefined;
    const record = parseSessionRecord(buffer.subarray(0, end).toString('utf8'));
    return record?.type === 'session' ? record : undefined;
  } finally {
    await handle.close();
  }
}

/** The store of sessions under `stateDir` (`toolgateStateDirectory(env)`); nothing is created until a session is. */
export function openSessionStore(stateDir: string): SessionStore {
  const directory = join(stateDir, 'sessions');

  const summaryOf = async (id: string): Promise<StoredSessionSummary | undefined> => {
    const dir = sessionDirectory(stateDir, id);
    const file = join(dir, SESSION_LOG_FILE);
    const header = await readHeader(file);
    if (!header || header.id !== id) return undefined;
    const { mtime } = await stat(file);
    return {
      id,
      directory: dir,
      workspace: header.workspace,
      title: header.title,
      createdAt: header.createdAt,
      updatedAt: mtime,
      forkedFrom: header.forkedFrom,
    };
  };

  const list: SessionStore['list'] = async (options = {}) => {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch {
      return [];
    }
    const summaries = await Promise.all(names.filter(isSessionId).map(summaryOf));
    return summaries
      .filter((summary): summary is StoredSessionSummary => summary !== undefined)
      .filter((summary) => options.workspace === undefined || summary.workspace === options.workspace)
      .sort((left, right) => right.updatedAt.getTime() - left.updatedAt.getTime());
  };

  const find: SessionStore['find'] = async (idOrPrefix) => {
    if (!isSessionId(idOrPrefix))
      throw new SessionStoreError(
        'session_invalid_id',
        `${JSON.stringify(idOrPrefix)} is not a session id (letters, digits, - and _): see toolgate sessions list.`,
      );
    const exact = await summaryOf(idOrPrefix);
    if (exact) return exact;
    const matches =
      idOrPrefix.length >= 4 ? (await list()).filter((summary) => summary.id.startsWith(idOrPrefix)) : [];
    if (matches.length === 1 && matches[0]) return matches[0];
    if (matches.length > 1)
      throw new SessionStoreError(
        'session_ambiguous',
        `${JSON.stringify(idOrPrefix)} names ${matches.length} sessions (${matches.map((summary) => summary.id).join(', ')}): give more of the id.`,
      );
    throw new SessionStoreError(
      'session_not_found',
      `No stored session ${JSON.stringify(idOrPrefix)} in ${directory}: see toolgate sessions list.`,
    );
  };

  const read: SessionStore['read'] = async (idOrPrefix) => {
    const summary = await find(idOrPrefix);
    const log = await readSessionLog(join(summary.directory, SESSION_LOG_FILE));
    return { summary, log, conversation: replaySessionLog(log.records) };
  };

  return {
    directory,
    list,
    find,
    latest: async (workspace) => (await list({ workspace }))[0],
    read,
    async rewind(idOrPrefix, options) {
      const { summary, log, conversation } = await read(idOrPrefix);
      const turns = conversation.turns.map((turn) => turn.turn);
      const before = options.before ?? turns.at(-1);
      if (before === undefined || !turns.includes(before))
        throw new SessionStoreError(
          'session_turn_not_found',
          before === undefined
            ? `Session ${summary.id} holds no turn to rewind.`
            : `Session ${summary.id} holds no turn ${before}; its turns are ${turns.join(', ')}.`,
        );
      const file = join(summary.directory, SESSION_LOG_FILE);
      if (log.dropped > 0) await truncate(file, log.validLength);
      await appendSessionRecords(file, [
        {
          type: 'rewind',
          before,
          at: new Date().toISOString(),
          code: options.code,
          conversation: options.conversation,
        },
      ]);
      return { id: summary.id, before };
    },
    async remove(idOrPrefix) {
      const summary = await find(idOrPrefix);
      const holder = await lockHolder(summary.directory);
      if (holder !== undefined && holder !== process.pid)
        throw new SessionStoreError(
          'session_busy',
          `Session ${summary.id} is open in another toolgate process (pid ${holder}): end that one first.`,
        );
      await rm(summary.directory, { recursive: true, force: true });
      return summary;
    },
    async prune(retention, spare = []) {
      const keep = retention.keep ?? DEFAULT_KEEP;
      const oldest = Date.now() - (retention.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS) * DAY_MS;
      const all = await list();
      // The newest `keep` of the others stay: a spared session does not take one of their places
      // (the one a host has open counts the same whether its log was written yet or not).
      const past = all
        .filter((summary) => !spare.includes(summary.id))
        .filter((summary, index) => index >= keep || summary.updatedAt.getTime() < oldest);
      // A session another process has open is never removed under it.
      const held = await Promise.all(past.map((summary) => lockHolder(summary.directory)));
      const removed = past.filter((_, index) => held[index] === undefined);
      // A directory with no log (a session that ended before its first turn, with its checkpoints)
      // goes once it is as old as the retention allows.
      const listed = new Set(all.map((summary) => summary.id));
      const names = await readdir(directory).catch(() => [] as string[]);
      const orphans: string[] = [];
      for (const name of names.filter(
        (entry) => isSessionId(entry) && !listed.has(entry) && !spare.includes(entry),
      )) {
        const dir = sessionDirectory(stateDir, name);
        const { mtime } = await stat(dir).catch(() => ({ mtime: new Date() }));
        if (mtime.getTime() < oldest && (await lockHolder(dir)) === undefined) orphans.push(dir);
      }
      // The spill of a call that had no session (`spill-<time>-<pid>-<n>`, a one-shot `toolgate
      // call` or a server's) is read right after the call: it goes once a day old.
      const spillsBefore = Date.now() - DAY_MS;
      for (const name of names.filter((entry) => PROCESS_SPILL.test(entry))) {
        const dir = join(directory, name);
        const { mtime } = await stat(dir).catch(() => ({ mtime: new Date() }));
        if (mtime.getTime() < spillsBefore) orphans.push(dir);
      }
      await Promise.all(
        [...removed.map((summary) => summary.directory), ...orphans].map((dir) =>
          rm(dir, { recursive: true, force: true }),
        ),
      );
      return removed.map((summary) => summary.id);
    },
  };
}
