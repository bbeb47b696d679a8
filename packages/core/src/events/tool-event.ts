import type { ApprovalRequest } from '../approval/approval-request.js';
import type { ApprovalAnswerKind } from '../approval/approver.js';
import type { ToolResult } from '../result/tool-result.js';
import type { ToolCall } from '../tool/tool-call.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** What hosts hear about a call, in this order: start, [approval-request, approval-answer], end. */
export type ToolEvent =
  | { readonly type: 'tool-call-start'; readonly call: ToolCall; readonly definition: ToolDefinition }
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
