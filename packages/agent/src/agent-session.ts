import type { ApprovalMemory } from '@toolgate/core';
import type { AgentEvent, TurnResult } from './agent-event.js';
import type { AgentMessage } from './agent-message.js';
import type { TurnUsage } from './turn-usage.js';

/** One running turn: iterate it for events; `result` settles when it ends (iterating is optional). */
export interface AgentTurn extends AsyncIterable<AgentEvent> {
  readonly result: Promise<TurnResult>;
}

/** Options of {@link AgentSession.prompt}. */
export interface PromptOptions {
  /** Aborting it interrupts the turn: the model request is cancelled, the running tool stopped. */
  readonly signal?: AbortSignal;
}

/** What a session starts from (`Agent.createSession`): a resumed conversation's history and memory. */
export interface SessionStart {
  /** Earlier messages, as a store recorded them (`history()` of an earlier session). @default none */
  readonly history?: readonly AgentMessage[];
  /** The approval memory ("always" answers), kept by the host. @default a fresh one */
  readonly memory?: ApprovalMemory;
}

/** What {@link AgentSession.compact} did. */
export type CompactionResult =
  | {
      readonly compacted: true;
      /** The message that stands for the replaced turns in the history now. */
      readonly summary: readonly AgentMessage[];
      /** How many turns it replaced (an earlier summary counting as one). */
      readonly replaced: number;
    }
  | { readonly compacted: false; readonly reason: string };

/** What a session has spent and what its context holds ({@link AgentSession.usage}), for a status line. */
export interface SessionUsage {
  /** The tokens this session's turns spent since it was created, as the provider reported them (its delegates' children not counted). */
  readonly tokens: TurnUsage;
  /** About how many tokens the next request's prompt takes (system prompt, history, tools), estimated as compaction estimates it. */
  readonly promptTokens: number;
  /** The model's context window (`limits.contextWindow`), when known. */
  readonly contextWindow: number | undefined;
  /** The prompt size over which the earlier turns are compacted before a request; with the window. */
  readonly compactsAt: number | undefined;
}

/** A conversation: its history, approval memory, tools and what they started. */
export interface AgentSession {
  /** Runs one turn. Throws `InvalidOptionsError` while another turn runs or after `close`. */
  prompt(input: string, options?: PromptOptions): AgentTurn;
  /** The history so far (user, assistant and tool messages), valid for any provider. */
  history(): readonly AgentMessage[];
  /** Forgets the history: the next turn starts a new conversation. Throws `InvalidOptionsError` while a turn runs. */
  clear(): void;
  /**
   * Replaces the history between turns (a rewind cuts the conversation back). Throws
   * `InvalidOptionsError` while a turn runs or after `close`.
   */
  replaceHistory(messages: readonly AgentMessage[]): void;
  /**
   * Between turns: replaces every turn but the last by a summary the model writes (one request,
   * no tools). Aborting `signal` leaves the history as it was. Throws `InvalidOptionsError`
   * while a turn runs or after `close`.
   */
  compact(options?: PromptOptions): Promise<CompactionResult>;
  /** The tokens spent so far and how full the context is; between turns, the next turn's starting point. */
  usage(): SessionUsage;
  /** Interrupts a running turn and stops every process and connection the session started. */
  close(): Promise<void>;
}
