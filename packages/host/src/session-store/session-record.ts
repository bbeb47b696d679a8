import type { AgentMessage, StopReason, TurnUsage } from '@toolgate/agent';
import type { ApprovalMode, ToolKind } from '@toolgate/core';
import type { RememberedDecision } from './listed-approval-memory.js';

/** The first record of a session's log. */
export interface SessionHeaderRecord {
  readonly type: 'session';
  readonly version: 1;
  readonly id: string;
  /** The workspace root the session ran in. */
  readonly workspace: string;
  readonly createdAt: string;
  /** The first line of the first prompt, clipped (for listings). */
  readonly title: string;
  /** The session this one was forked from, and how many turns it had then. */
  readonly forkedFrom?: { readonly id: string; readonly turns: number };
}

/** A turn began (fsynced before the model is asked): its number is taken even if it never ends. */
export interface TurnStartRecord {
  readonly type: 'turn-start';
  readonly turn: number;
  readonly at: string;
}

/** How one tool call of a turn ended and how people see it (for a client replaying the turn). */
export interface StoredCall {
  readonly id: string;
  readonly name: string;
  readonly status: 'success' | 'failure' | 'rejected';
  /** The call's presentation, from its tool's declarations. */
  readonly title: string;
  readonly kind: ToolKind;
  /** Paths it touched, as its tool presented them (relative to the workspace or absolute). */
  readonly locations: readonly string[];
}

/** A turn ended: its messages, as the model saw them, and what the session was then. */
export interface TurnRecord {
  readonly type: 'turn';
  readonly turn: number;
  readonly at: string;
  /** What the person asked, as they wrote it (the user message may carry a note before it). */
  readonly input: string;
  /** The turn's user, assistant and tool messages, in the provider interface's prompt format. */
  readonly messages: readonly AgentMessage[];
  /** The turn's own tool calls (not its delegates' children's), in the order they ended. */
  readonly calls: readonly StoredCall[];
  readonly stopReason: StopReason;
  readonly usage: TurnUsage;
  /** `provider:model`. */
  readonly model: string;
  readonly mode: ApprovalMode;
  /** A digest of the settings the turn ran under (config, sandbox, trust, MCP file). */
  readonly settings: string;
  /** The approval memory after the turn ("always" answers). */
  readonly memory: readonly (readonly [string, RememberedDecision])[];
}

/** What a rewind took back: the conversation from a turn on, the files as they were before it, or both. */
export interface RewindScope {
  /** The files were restored to how they were before the turn (the model is told). */
  readonly code: boolean;
  /** The conversation was cut back to before the turn. */
  readonly conversation: boolean;
}

/** A rewind to before turn `before` (`rewind`); the turns it cut off stay in the log. */
export interface RewindRecord extends RewindScope {
  readonly type: 'rewind';
  readonly before: number;
  readonly at: string;
}

/** The turns up to `through` were replaced, in the model's context, by `summary`; the log keeps them. */
export interface CompactionRecord {
  readonly type: 'compaction';
  readonly through: number;
  readonly at: string;
  readonly summary: readonly AgentMessage[];
}

/** One line of a session's `session.jsonl`. */
export type SessionRecord =
  | SessionHeaderRecord
  | TurnStartRecord
  | TurnRecord
  | RewindRecord
  | CompactionRecord;
