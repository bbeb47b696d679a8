import type { ToolEvent } from '../events/tool-event.js';
import type { ToolResult } from '../result/tool-result.js';
import type { QuotingFailure } from '../tool/quoting-failure.js';
import type { AnyTool, PreparedCall, ToolCallContext } from '../tool/tool.js';
import type { ToolCall } from '../tool/tool-call.js';

/** One call on its way through the decorators. Validation fills `input`, preflight `prepared`. */
export interface ToolInvocation {
  /** The call as the model made it. */
  readonly call: ToolCall;
  /** The tool it routed to. */
  readonly tool: AnyTool;
  /** What the tool will see. */
  readonly context: ToolCallContext;
  /** Typed input, once validation ran. */
  input?: { readonly value: unknown };
  /** The plan and approval preview, once preflight ran. */
  prepared?: PreparedCall<unknown>;
  /**
   * Set by preflight when the call cannot run and its failure quotes a file: held for approval,
   * which returns the quoted failure only when the call may run unasked; any other end of the
   * chain returns the unquoted one.
   */
  held?: QuotingFailure;
  /**
   * Set by a decorator before approval (a preToolUse hook that answered `approve`): a call that
   * would ask runs without the question. Rules that deny and remembered rejections still refuse.
   */
  preApproved?: { readonly by: 'hook'; readonly source: string };
  /**
   * Set when the call may have waited on something outside this process: a person asked by
   * approval, or a decorator not marked `inProcessDecorator` (a hook, a client). Unset, the
   * tool runs with `planCurrent` (nothing outside had a turn since its plan was made).
   */
  waitedOutside?: boolean;
  /** Reports an event to every listener the events decorators installed. */
  emit(event: ToolEvent): void;
}

/** Wraps the rest of the chain: may inspect or change the invocation, call `next`, or answer itself. */
export type ToolDecorator = (
  invocation: ToolInvocation,
  next: () => Promise<ToolResult>,
) => Promise<ToolResult>;
