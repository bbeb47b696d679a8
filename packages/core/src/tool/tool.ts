import type { ApprovalSummary } from '../approval/approval-summary.js';
import type { ClientFiles } from '../client/client-files.js';
import type { ClientTerminals } from '../client/client-terminals.js';
import type { ToolFailure, ToolResult } from '../result/tool-result.js';
import type { QuotingFailure } from './quoting-failure.js';
import type { ToolSpec } from './tool-spec.js';

/** What a tool sees of the call it runs. */
export interface ToolCallContext {
  /** The model's call id. */
  readonly callId: string;
  /** Aborts the call (turn cancelled, Ctrl-C, client gone). Tools must stop promptly. */
  readonly signal: AbortSignal;
  /** Opaque per-session data the host passes through (process registry, sandbox, …). */
  readonly session?: unknown;
  /**
   * The client's files (an editor's buffers), for a tool that declares `clientFiles` in a session
   * whose host installed them; only what the tool declared. Every path is checked against the
   * workspace before the client is asked. @default none: the disk
   */
  readonly clientFiles?: ClientFiles;
  /** The client's terminals, for a tool that declares `clientTerminals`, when the host installed them. @default none */
  readonly clientTerminals?: ClientTerminals;
  /**
   * Shows a running call's output so far (a long command's), for a host whose client displays it;
   * the tool calls it at most every 250 ms with the whole text to show. Never reaches the model.
   * @default none
   */
  readonly onOutput?: (text: string) => void;
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

/** Context of `execute` in a tool with `prepare`: the call context plus the plan `prepare` made. */
export interface ToolExecuteContext<Plan> extends ToolCallContext {
  readonly plan: Plan;
  /**
   * True when nothing outside this process had a turn since `prepare` made the plan: no person was
   * asked, no hook ran, no decorator that may wait on one (see `inProcessDecorator`). What the plan
   * read can then have changed only by this process's own calls, which a tool rules out with the
   * workspace's lock stamps (`Workspace.lockStamp`); otherwise it must check again what it read.
   * @default false
   */
  readonly planCurrent?: boolean;
}

/** How a tool with preflight runs: `prepare` plans the call, `execute` carries out that plan. */
export interface PlannedToolImplementation<Input, Output, Plan> {
  /**
   * Preflight, after validation and before approval: resolve paths against the workspace, plan the
   * change, compute the diff the approver will see. Execution must re-check what it resolved.
   */
  prepare(input: Input, context: ToolCallContext): Promise<PrepareResult<Plan> | QuotingFailure>;
  /** Runs the call. A tool's own failure is a result; throwing is a bug (reported as internal_error). */
  execute(input: Input, context: ToolExecuteContext<Plan>): Promise<ToolResult<Output>>;
}

/** How a tool without preflight runs. */
export interface DirectToolImplementation<Input, Output> {
  /** Runs the call. A tool's own failure is a result; throwing is a bug (reported as internal_error). */
  execute(input: Input, context: ToolCallContext): Promise<ToolResult<Output>>;
}

/**
 * What a surface passes to `execute`: the call context and, when preflight ran, the plan it made,
 * opaque outside the tool. Without one, a tool that has `prepare` runs it first.
 */
export interface ToolRunContext extends ToolCallContext {
  readonly plan?: unknown;
  /** With `plan`: nothing outside this process had a turn since it was made (`ToolExecuteContext.planCurrent`). */
  readonly planCurrent?: boolean;
}

/** A tool: its spec (definition + argument parser) and its dedicated executor. */
export interface Tool<Input = unknown, Output = unknown> extends ToolSpec<Input> {
  /** Preflight: the approval preview of this call, or the failure to return without asking anyone. */
  prepare?(input: Input, context: ToolCallContext): Promise<PrepareResult<unknown> | QuotingFailure>;
  /** Runs the call, carrying out the plan preflight made when one is given. */
  execute(input: Input, context: ToolRunContext): Promise<ToolResult<Output>>;
}

/** A tool whose input and output types have been forgotten, as registries hold them. */
// biome-ignore lint/suspicious/noExplicitAny: variance escape hatch so any Tool<I, O> is assignable
export type AnyTool = Tool<any, unknown>;

/**
 * Joins a spec with its implementation. With `prepare`, `execute` receives the plan typed as
 * `prepare` made it; the plan stays private to the tool (its public type has no plan parameter).
 */
export function implementTool<Input, Output, Plan>(
  spec: ToolSpec<Input>,
  implementation: PlannedToolImplementation<Input, Output, Plan>,
): Tool<Input, Output>;
export function implementTool<Input, Output>(
  spec: ToolSpec<Input>,
  implementation: DirectToolImplementation<Input, Output>,
): Tool<Input, Output>;
export function implementTool<Input, Output, Plan>(
  spec: ToolSpec<Input>,
  implementation: PlannedToolImplementation<Input, Output, Plan> | DirectToolImplementation<Input, Output>,
): Tool<Input, Output> {
  const base = {
    definition: spec.definition,
    parseArguments: (value: Readonly<Record<string, unknown>>) => spec.parseArguments(value),
    ...(spec.approval ? { approval: spec.approval } : {}),
    ...(spec.presentation ? { presentation: spec.presentation } : {}),
    ...(spec.clientFiles ? { clientFiles: spec.clientFiles } : {}),
    ...(spec.clientTerminals ? { clientTerminals: spec.clientTerminals } : {}),
  };
  if (!('prepare' in implementation)) {
    return { ...base, execute: (input, context) => implementation.execute(input, context) };
  }
  const planned = implementation;
  const prepare = (input: Input, context: ToolCallContext) => planned.prepare(input, context);
  return {
    ...base,
    prepare,
    async execute(input, context) {
      if (context.plan !== undefined)
        return planned.execute(input, {
          ...context,
          plan: context.plan as Plan,
          planCurrent: context.planCurrent === true,
        });
      // Called without preflight (a direct call): plan now, so execute always has its plan.
      const prepared = await prepare(input, context);
      if (prepared.status === 'failure') return prepared;
      // A direct call has no approval to wait for: its caller reads what the tool may read.
      if (prepared.status === 'quoting_failure') return prepared.quoted;
      // Planned just now, with nothing in between.
      return planned.execute(input, { ...context, plan: prepared.plan, planCurrent: true });
    },
  };
}
