import type { ApprovalSummary } from '../approval/approval-summary.js';
import type { ToolFailure, ToolResult } from '../result/tool-result.js';
import type { ToolSpec } from './tool-spec.js';

/** What a tool sees of the call it runs. */
export interface ToolCallContext {
  /** The model's call id. */
  readonly callId: string;
  /** Aborts the call (turn cancelled, Ctrl-C, client gone). Tools must stop promptly. */
  readonly signal: AbortSignal;
  /** Opaque per-session data the host passes through (process registry, sandbox, …). */
  readonly session?: unknown;
}

/** Preflight succeeded: the plan execution will carry out, and what the approver should see. */
export interface PreparedCall<Plan> {
  readonly status: 'ready';
  /** Whatever execution needs (resolved paths, the planned patch, …). */
  readonly plan: Plan;
  /** Refines the spec's approval summary with what preflight resolved: paths, the planned diff, the remember scope. */
  readonly preview?: ApprovalSummary;
}

/** The result of a tool's `prepare`: ready, or a failure returned at once without asking anyone. */
export type PrepareResult<Plan> = PreparedCall<Plan> | ToolFailure;

/** Context of `execute`: the call context plus the plan `prepare` made (undefined without one). */
export interface ToolExecuteContext<Plan> extends ToolCallContext {
  readonly plan: Plan | undefined;
}

/** How a tool runs. */
export interface ToolImplementation<Input, Output, Plan = undefined> {
  /**
   * Preflight, after validation and before approval: resolve paths against the workspace, plan the
   * change, compute the diff the approver will see. Execution must re-check what it resolved.
   */
  prepare?(input: Input, context: ToolCallContext): Promise<PrepareResult<Plan>>;
  /** Runs the call. A tool's own failure is a result; throwing is a bug (reported as internal_error). */
  execute(input: Input, context: ToolExecuteContext<Plan>): Promise<ToolResult<Output>>;
}

/** A tool: its spec (definition + argument parser) and its dedicated executor. */
export interface Tool<Input = unknown, Output = unknown, Plan = unknown>
  extends ToolSpec<Input>,
    ToolImplementation<Input, Output, Plan> {}

/** A tool whose input and output types have been forgotten, as registries hold them. */
// biome-ignore lint/suspicious/noExplicitAny: variance escape hatch so any Tool<I, O, P> is assignable
export type AnyTool = Tool<any, unknown, any>;

/** Joins a spec with its implementation. */
export function implementTool<Input, Output, Plan = undefined>(
  spec: ToolSpec<Input>,
  implementation: ToolImplementation<Input, Output, Plan>,
): Tool<Input, Output, Plan> {
  const tool: Tool<Input, Output, Plan> = {
    definition: spec.definition,
    parseArguments: (value) => spec.parseArguments(value),
    ...(spec.approval ? { approval: spec.approval } : {}),
    execute: (input, context) => implementation.execute(input, context),
  };
  const prepare = implementation.prepare;
  return prepare
    ? { ...tool, prepare: (input, context) => prepare.call(implementation, input, context) }
    : tool;
}
