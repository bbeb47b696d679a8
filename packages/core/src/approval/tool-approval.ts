import type { ApprovalMode } from './approval-mode.js';
import type { ApprovalSummary } from './approval-summary.js';

/** What a mode does with a call: run it unasked, ask a person first, or refuse it unasked. */
export type ApprovalDecision = 'run' | 'ask' | 'refuse';

/** The modes a tool may declare a rule for; `accept-edits` and `dont-ask` are derived from `safe`. */
export type DeclaredApprovalMode = Extract<ApprovalMode, 'manual' | 'safe' | 'auto' | 'plan'>;

/** One mode's rule: a fixed decision, or one made from the parsed input (bash decides by action). */
export type ApprovalRule<Input> = ApprovalDecision | ((input: Input) => ApprovalDecision);

/**
 * A tool's own approval declaration, part of its spec. Core applies it and knows no tool by name;
 * a replacement or custom tool declares its rule the same way.
 */
export interface ToolApproval<Input> {
  /**
   * The rule per mode. A mode left out uses the default: `manual` asks, `safe` asks unless the tool
   * is annotated read-only (or is a delegate or sub-agent, whose own calls are gated), `auto` runs,
   * `plan` runs what is read-only (or a delegate) and refuses the rest. A `plan` rule can only make
   * a call stricter than `safe` would (plan is never looser than safe).
   */
  readonly rule?: { readonly [Mode in DeclaredApprovalMode]?: ApprovalRule<Input> };
  /**
   * The call only edits files inside the workspace, through its boundary (write_file, edit,
   * apply_patch): `accept-edits` runs it unasked (as `auto` would). @default false
   */
  readonly workspaceEdit?: boolean | ((input: Input) => boolean);
  /** How a call is shown and remembered, from its parsed input; `prepare`'s preview refines it. */
  readonly summarize?: (input: Input) => ApprovalSummary;
}
