import type { ApprovalMode } from '../approval/approval-mode.js';
import type { ApprovalRequest } from '../approval/approval-request.js';
import type { ApprovalAnswerKind } from '../approval/approver.js';
import type { ToolResult } from '../result/tool-result.js';
import type { ToolCall } from '../tool/tool-call.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/**
 * What settled a call before anyone was asked (for audit logs): a permission rule, a remembered
 * answer, the mode table, or a preToolUse hook.
 */
export interface ApprovalDecisionEvent {
  readonly type: 'approval-decision';
  readonly call: ToolCall;
  readonly by: 'rule' | 'memory' | 'mode' | 'hook';
  /** `run`: no question; `ask`: the approver is asked next; `reject`: refused without asking. */
  readonly outcome: 'run' | 'ask' | 'reject';
  /** The approval mode the call met. Absent for a hook's block, which comes before approval. */
  readonly mode?: ApprovalMode;
  /** The rule and its file, when a rule decided and the host named them. */
  readonly rule?: { readonly text: string; readonly source: string };
  /** The hook's command, when a hook decided. */
  readonly hook?: string;
}

/**
 * What hosts hear about a call, in this order: start, [approval-decision], [approval-request,
 * approval-answer], end.
 */
export type ToolEvent =
  | { readonly type: 'tool-call-start'; readonly call: ToolCall; readonly definition: ToolDefinition }
  | ApprovalDecisionEvent
  | { readonly type: 'approval-request'; readonly call: ToolCall; readonly request: ApprovalRequest }
  | {
      readonly type: 'approval-answer';
      readonly call: ToolCall;
      readonly answer: ApprovalAnswerKind;
      /** The approver's feedback to the model, when it rejected with some. */
      readonly feedback?: string;
      /** True when the answer came from a remembered `*_always` answer, not the approver. */
      readonly remembered: boolean;
    }
  | {
      readonly type: 'tool-call-end';
      readonly call: ToolCall;
      readonly result: ToolResult;
      readonly durationMs: number;
    };

/** Receives tool events. Must not throw (a throwing listener is ignored). */
export type ToolEventListener = (event: ToolEvent) => void;
