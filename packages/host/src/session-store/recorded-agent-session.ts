import type {
  AgentEvent,
  AgentMessage,
  AgentSession,
  AgentTurn,
  CompactionResult,
  PromptOptions,
} from '@toolgate/agent';
import type { ApprovalMode, ToolCallPresentation } from '@toolgate/core';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import type { StoredSessionHandle } from '../session/host-session.js';
import type { OpenedSessionRecord } from './open-session-record.js';
import { recordedTurn } from './recorded-turn.js';
import type { StoredConversation } from './replay-session-log.js';
import { rewindNote } from './rewind-note-description.js';
import type { RewindScope, StoredCall } from './session-record.js';
import { settingsDigest } from './settings-digest.js';
import { turnMessages } from './turn-messages.js';

/** What {@link recordAgentSession} records besides the turns' messages. */
export interface RecordingContext {
  readonly settings: SessionSettings;
  /** `provider:model`. */
  readonly model: string;
  /** The approval mode now. */
  readonly mode: () => ApprovalMode;
  readonly notice: (line: string) => void;
}

/** An agent session whose turns, rewinds and compactions go to its record. */
export interface RecordedAgentSession {
  prompt(input: string, options?: PromptOptions): AgentTurn;
  rewind(before: number, scope: RewindScope): Promise<void>;
  compact(options?: PromptOptions): Promise<CompactionResult>;
  readonly stored: StoredSessionHandle;
}

/**
 * The entries of the model's context, oldest first: a turn's number, or for the summary the
 * number of the last turn it covers (always below the turns after it).
 */
function contextOf(conversation: StoredConversation | undefined): number[] {
  if (!conversation) return [];
  const through = conversation.compactedThrough;
  const turns = conversation.turns.map((turn) => turn.turn);
  return through === undefined ? turns : [through, ...turns.filter((turn) => turn > through)];
}

/**
 * Records an agent session as it goes: each turn's start (its number taken at once), and at its
 * end its messages as the model saw them, its calls (status and presentation), the mode, the
 * settings' digest and the approval memory; each compaction (which turns its summary covers);
 * each rewind. The store's retention pass runs during the first turn, once the model answered,
 * and the turn ends once it is done. A record that cannot be written is a notice, and the session goes on. After a
 * rewind, the next request tells the model.
 */
export function recordAgentSession(
  session: AgentSession,
  record: OpenedSessionRecord,
  context: RecordingContext,
): RecordedAgentSession {
  const { recorder, memory, store } = record;
  let pendingRewind = record.opened?.pendingRewind;
  let liveTurns = record.opened?.turns.map((turn) => turn.turn) ?? [];
  let inContext = contextOf(record.opened);
  const failed = (what: string) => (error: unknown) =>
    context.notice(
      `session ${recorder.id}: ${what} was not recorded: ${error instanceof Error ? error.message : String(error)}`,
    );
  /** Records that the first `replaced` entries of the context became `summary`. */
  const compacted = (replaced: number, summary: readonly AgentMessage[]) => {
    const through = Math.max(...inContext.slice(0, replaced));
    inContext = [through, ...inContext.slice(replaced)];
    return recorder.compaction(through, summary);
  };

  return {
    prompt(input, options) {
      const note = pendingRewind ? rewindNote(pendingRewind.before, pendingRewind) : '';
      const turn = session.prompt(`${note}${input}`, options);
      pendingRewind = undefined;
      const begun = recorder.beginTurn(input);
      inContext = [...inContext, begun.turn];
      let writes: Promise<void> = begun.written;
      // Read when the turn ends; a turn that rejects (library misuse) leaves them unread.
      writes.catch(() => {});
      // The store's retention pass starts with the turn's first event (its request was answered)
      // or its end, once its first record is written; it never rejects, later turns find it done.
      let pruned: Promise<void> | undefined;
      const prune = () => {
        pruned ??= begun.written.then(record.prune, record.prune);
        return pruned;
      };
      const presented = new Map<string, ToolCallPresentation>();
      const calls: StoredCall[] = [];
      const hear = (event: AgentEvent) => {
        void prune();
        if (event.type === 'compaction') {
          const { replaced, summary } = event;
          writes = writes.then(() => compacted(replaced, summary));
          writes.catch(() => {});
        }
        if (event.type === 'tool-call') presented.set(event.call.id, event.presentation);
        if (event.type !== 'tool-result') return;
        const { call, result } = event;
        const presentation = presented.get(call.id);
        calls.push({
          id: call.id,
          name: call.name,
          status: result.status,
          title: presentation?.title ?? call.name,
          kind: presentation?.kind ?? 'other',
          locations: presentation?.locations ?? [],
        });
      };
      return recordedTurn(turn, hear, async (result) => {
        try {
          await writes;
          await recorder.endTurn(begun.turn, {
            input,
            messages: turnMessages(session.history()),
            calls,
            stopReason: result.stopReason,
            usage: result.usage,
            model: context.model,
            mode: context.mode(),
            settings: settingsDigest(context.settings),
            memory: memory.entries(),
          });
          liveTurns = [...liveTurns, begun.turn];
        } catch (error) {
          failed(`turn ${begun.turn}`)(error);
        }
        await prune();
      });
    },
    async rewind(before, scope) {
      // Checked before anything is written: the agent refuses while a turn runs.
      session.replaceHistory(session.history());
      await store.rewind(recorder.id, { before, ...scope });
      const { conversation } = await store.read(recorder.id);
      session.replaceHistory(conversation.messages);
      liveTurns = conversation.turns.map((turn) => turn.turn);
      inContext = contextOf(conversation);
      pendingRewind = { before, ...scope };
    },
    async compact(options) {
      const result = await session.compact(options);
      if (result.compacted) await compacted(result.replaced, result.summary).catch(failed('the compaction'));
      return result;
    },
    stored: {
      id: recorder.id,
      directory: recorder.directory,
      get nextTurn() {
        return recorder.nextTurn;
      },
      turns: () => liveTurns,
      opened: record.opened,
    },
  };
}
