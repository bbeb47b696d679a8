import type { ApprovalMode } from './approval-mode.js';
import type { ApprovalSummary } from './approval-summary.js';

/** Whether a call asks a person first or runs. */
export type ApprovalDecision = 'ask' | 'run';

/** One mode's rule: a fixed decision, or one made from the parsed input (bash decides by action). */
export type ApprovalRule<Input> = ApprovalDecision | ((input: Input) => ApprovalDecision);

/**
 * A tool's own approval declaration, part of its spec. Core applies it and knows no tool by name;
 * a replacement or custom tool declares its rule the same way.
 */
export interface ToolApproval<Input> {
  /**
   * The rule per mode. A mode left out uses the default: `manual` asks, `safe` asks unless the tool
   * is annotated read-only (or is a delegate or sub-agent, whose own calls are gated), `auto` runs.
   */
  readonly rule?: { readonly [Mode in ApprovalMode]?: ApprovalRule<Input> };
  /** How a call is shown and remembered, from its parsed input; `prepare`'s preview refines it. */
  readonly summarize?: (input: Input) => ApprovalSummary;
}
