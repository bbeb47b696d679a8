import type { SessionSettings } from '../config/resolve-session-settings.js';
import type { SessionStoreOptions } from '../session/host-session.js';
import { createListedApprovalMemory, type ListedApprovalMemory } from './listed-approval-memory.js';
import type { StoredConversation } from './replay-session-log.js';
import { resumeMismatch } from './resume-mismatch.js';
import { isSessionId, newSessionId } from './session-id.js';
import { openSessionRecorder, type SessionRecorder } from './session-recorder.js';
import { openSessionStore, type SessionStore } from './session-store.js';
import { SessionStoreError } from './session-store-error.js';

/** A session's record, opened: what it writes to, what it starts from. */
export interface OpenedSessionRecord {
  readonly store: SessionStore;
  readonly recorder: SessionRecorder;
  /** The approval memory the agent session uses (a resumed one's answers, unless it moved). */
  readonly memory: ListedApprovalMemory;
  /** What a resumed or forked session held. */
  readonly opened: StoredConversation | undefined;
  /**
   * Removes the sessions past the retention (the user's `sessions` config), the one opened
   * excepted: run once, on the first call (a failure is a notice; it never rejects). Left to the
   * session's first turn, so it runs while the first request is answered instead of before it is
   * sent, and to its close for a session that ran none.
   */
  prune(): Promise<void>;
}

/**
 * Opens the record of an `agent` session: a new one (`sessionId`, else a fresh id), or a stored
 * one resumed or forked, refused with `session_mismatch` when it moved workspace or settings and
 * the person did not accept it. Pruning the sessions past the retention waits for `prune`.
 */
export async function openSessionRecord(
  settings: SessionSettings,
  options: SessionStoreOptions,
  sessionId: string | undefined,
  notice: (line: string) => void,
): Promise<OpenedSessionRecord> {
  const store = openSessionStore(options.stateDirectory);
  const { conversation } = options;
  let record: Omit<OpenedSessionRecord, 'store' | 'prune'>;
  if (conversation) {
    const stored = await store.read(conversation.id);
    const { id } = stored.summary;
    const reasons = resumeMismatch(stored, settings);
    if (reasons.length > 0 && conversation.accepted !== true)
      throw new SessionStoreError(
        'session_mismatch',
        `Session ${id} ${reasons.join(', and ')}: continuing it needs your confirmation on a terminal (or --fork it from its own workspace).`,
      );
    if (reasons.length > 0)
      notice(`session ${id}: ${reasons.join('; ')}: its remembered approvals are not carried over.`);
    if (stored.log.dropped > 0)
      notice(`session ${id}: dropped ${stored.log.dropped} torn or damaged record(s) at the end of its log.`);
    const fork = conversation.kind === 'fork';
    const recorder = await openSessionRecorder(
      options.stateDirectory,
      fork
        ? { kind: 'fork', id: newSessionId(), workspace: settings.root, stored }
        : { kind: 'resume', stored },
    );
    const memory = createListedApprovalMemory(reasons.length > 0 ? [] : stored.conversation.memory);
    record = { recorder, memory, opened: stored.conversation };
  } else {
    const id = sessionId ?? newSessionId();
    if (!isSessionId(id))
      throw new SessionStoreError(
        'session_invalid_id',
        `${JSON.stringify(id)} cannot name a stored session.`,
      );
    const recorder = await openSessionRecorder(options.stateDirectory, {
      kind: 'new',
      id,
      workspace: settings.root,
    });
    record = { recorder, memory: createListedApprovalMemory(), opened: undefined };
  }
  let pruning: Promise<void> | undefined;
  const prune = () => {
    pruning ??= store.prune(settings.config.sessions ?? {}, [record.recorder.id]).then(
      () => {},
      (error: unknown) => {
        notice(
          `sessions past their retention were not removed: ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
    return pruning;
  };
  return { store, ...record, prune };
}
