import type { ToolCall, ToolCallPresentation, ToolEvent, ToolResult } from '@toolgate/core';
import type { AgentMessage } from './agent-message.js';
import type { StopReason } from './stop-reason.js';
import type { TurnUsage } from './turn-usage.js';

/** How a turn ended: `session.prompt(…).result`, and the last event of every turn. */
export interface TurnResult {
  readonly stopReason: StopReason;
  /** The text of the turn's last model step (the answer, when completed). */
  readonly text: string;
  /** Tokens of every model request of the turn. */
  readonly usage: TurnUsage;
  /** How many model requests the turn made (retries of one request count once). */
  readonly steps: number;
  /** For `model_error` and `context_exceeded`: the provider's or the agent's message. */
  readonly error?: string;
  /** For `budget_exhausted`: which budget ran out, as a sentence (`10 tool calls per turn (limits.maxToolCallsPerTurn)`). */
  readonly budget?: string;
}

/**
 * What a turn reports, in order. Per tool call: `tool-call` (the model asked for it), then the
 * surface's own events when the call reached a tool (`tool-call-start`, approval request and
 * answer, `tool-call-end`), then exactly one `tool-result`. A delegate call's child session reports
 * its own events as `delegate-event`s between the call's start and its result.
 */
export type AgentEvent =
  | { readonly type: 'text-delta'; readonly text: string }
  | { readonly type: 'reasoning-delta'; readonly text: string }
  | {
      readonly type: 'tool-call';
      readonly call: ToolCall;
      /** How people see the call, from its tool's declarations (`presentToolCall`). */
      readonly presentation: ToolCallPresentation;
    }
  | ToolEvent
  | { readonly type: 'tool-result'; readonly call: ToolCall; readonly result: ToolResult }
  | {
      readonly type: 'step-finish';
      /** 1-based number of the model request in this turn. */
      readonly step: number;
      /** The provider's unified finish reason (`stop`, `tool-calls`, `length`, `content-filter`, …). */
      readonly finishReason: string;
      readonly usage: TurnUsage;
    }
  | {
      /** The older turns were replaced by a summary before a request that would not have fit. */
      readonly type: 'compaction';
      /** The message that stands for them in the history now. */
      readonly summary: readonly AgentMessage[];
      /** How many turns it replaced (an earlier summary counting as one), oldest first. */
      readonly replaced: number;
    }
  | ({ readonly type: 'turn-end' } & TurnResult)
  | {
      /** An event of a delegate's child session, while the delegate call runs. */
      readonly type: 'delegate-event';
      /** The child's definition name (`explore`). */
      readonly agent: string;
      /** The parent's call id of the delegate call. */
      readonly callId: string;
      /** The child's event (itself a `delegate-event` for a grandchild). */
      readonly event: AgentEvent;
    };
