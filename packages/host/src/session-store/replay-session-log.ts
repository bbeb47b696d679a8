import type { AgentMessage } from '@toolgate/agent';
import type { RememberedDecision } from './listed-approval-memory.js';
import type {
  CompactionRecord,
  RewindScope,
  SessionHeaderRecord,
  SessionRecord,
  TurnRecord,
} from './session-record.js';

/** A stored session as its log says it is now. */
export interface StoredConversation {
  readonly header: SessionHeaderRecord;
  /** The turns the conversation holds now, in order (a rewind leaves out the later ones). */
  readonly turns: readonly TurnRecord[];
  /** What the model gets as the earlier conversation: the latest summary, then the turns after it. */
  readonly messages: readonly AgentMessage[];
  /** The number the next turn takes: one past every turn ever started, rewound ones included. */
  readonly nextTurn: number;
  /** The approval memory the last ended turn left. */
  readonly memory: readonly (readonly [string, RememberedDecision])[];
  /** A rewind no turn has followed yet: the model is told about it on its next request. */
  readonly pendingRewind: (RewindScope & { readonly before: number }) | undefined;
  /** Turns that started and never ended (the process stopped mid-turn); their messages are lost. */
  readonly interrupted: readonly number[];
  /** The turn the latest summary in effect covers up to, if the conversation was compacted. */
  readonly compactedThrough: number | undefined;
  /** When the log was last written. */
  readonly updatedAt: string;
}

/**
 * Replays a session log into the conversation it holds now: turns in order; a compaction replaces
 * the turns up to its `through` by its summary; a rewind of the conversation drops the turns from
 * `before` on (and the summaries that covered them), one of the files only is told to the model. Throws when the first record is not the session's header.
 */
export function replaySessionLog(records: readonly SessionRecord[]): StoredConversation {
  const [header] = records;
  if (header?.type !== 'session') throw new Error('A session log starts with its session record.');
  let turns: TurnRecord[] = [];
  let compactions: CompactionRecord[] = [];
  let memory: StoredConversation['memory'] = [];
  let pendingRewind: StoredConversation['pendingRewind'];
  let highest = 0;
  const started = new Set<number>();
  let updatedAt = header.createdAt;
  for (const record of records.slice(1)) {
    if ('at' in record) updatedAt = record.at;
    switch (record.type) {
      case 'turn-start':
        started.add(record.turn);
        highest = Math.max(highest, record.turn);
        break;
      case 'turn':
        started.delete(record.turn);
        highest = Math.max(highest, record.turn);
        turns.push(record);
        memory = record.memory;
        pendingRewind = undefined;
        break;
      case 'rewind':
        if (record.conversation) {
          turns = turns.filter((turn) => turn.turn < record.before);
          compactions = compactions.filter((compaction) => compaction.through < record.before);
        }
        pendingRewind = { before: record.before, code: record.code, conversation: record.conversation };
        break;
      case 'compaction':
        compactions.push(record);
        break;
      default:
        break;
    }
  }
  const summary = compactions.at(-1);
  const after = summary ? turns.filter((turn) => turn.turn > summary.through) : turns;
  return {
    header,
    turns,
    messages: [...(summary?.summary ?? []), ...after.flatMap((turn) => turn.messages)],
    nextTurn: highest + 1,
    memory,
    pendingRewind,
    interrupted: [...started].sort((left, right) => left - right),
    compactedThrough: summary?.through,
    updatedAt,
  };
}
