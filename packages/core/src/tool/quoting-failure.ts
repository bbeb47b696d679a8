import type { ApprovalSummary } from '../approval/approval-summary.js';
import type { ToolFailure } from '../result/tool-result.js';

/**
 * What `prepare` returns when the call cannot run and saying why quotes a file the call reads
 * (the lines closest to an `old_string` or a hunk that did not match). The tool has asked the
 * workspace's read predicate before reading the file; the quote still waits for approval
 * (docs/architecture.md, "The boundary"): core returns `quoted` only when the call may run
 * unasked (rules, a remembered answer or the mode let it run, or a preToolUse hook approved it),
 * the rule's or the remembered rejection when one refuses it, and otherwise `unquoted` — nobody
 * is asked about a call that cannot run, and no file content reaches the model before approval.
 */
export interface QuotingFailure {
  readonly status: 'quoting_failure';
  /** The failure with the quoted lines. */
  readonly quoted: ToolFailure;
  /** The same failure without any content of the file (it says how to read the file instead). */
  readonly unquoted: ToolFailure;
  /** What rules and the person's memory see of the call (its paths, its remember scope). */
  readonly preview?: ApprovalSummary;
}

/** Builds a {@link QuotingFailure}; `preview` is left out when undefined. */
export function quotingFailure(
  quoted: ToolFailure,
  unquoted: ToolFailure,
  preview?: ApprovalSummary,
): QuotingFailure {
  return preview === undefined
    ? { status: 'quoting_failure', quoted, unquoted }
    : { status: 'quoting_failure', quoted, unquoted, preview };
}
