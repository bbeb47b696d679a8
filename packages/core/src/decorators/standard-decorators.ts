import type { ToolEventListener } from '../events/tool-event.js';
import type { ToolDecorator } from '../executor/tool-invocation.js';
import { type ApprovalOptions, withApproval } from './with-approval.js';
import { withEvents } from './with-events.js';
import { withPreflight } from './with-preflight.js';
import { withValidation } from './with-validation.js';

/** Options for {@link standardDecorators}. */
export interface StandardDecoratorOptions {
  /** Receives tool events. @default no events */
  readonly onEvent?: ToolEventListener;
  /**
   * Approval settings. @default `{ mode: 'safe' }` with no approver: every call that needs approval
   * is rejected with a reason that says how to configure one (fail closed). Only an explicit
   * `{ mode: 'auto' }` runs every call unasked.
   */
  readonly approval?: ApprovalOptions;
  /** Host decorators that run after preflight and before approval (preToolUse hooks). @default [] */
  readonly before?: readonly ToolDecorator[];
  /** Host decorators that run after approval and before the tool (rate limits, …). @default [] */
  readonly after?: readonly ToolDecorator[];
}

/** The documented chain: events → validation → preflight → `before` → approval → `after` → the tool. */
export function standardDecorators(options: StandardDecoratorOptions = {}): ToolDecorator[] {
  return [
    ...(options.onEvent ? [withEvents(options.onEvent)] : []),
    withValidation(),
    withPreflight(),
    ...(options.before ?? []),
    withApproval(options.approval ?? {}),
    ...(options.after ?? []),
  ];
}
