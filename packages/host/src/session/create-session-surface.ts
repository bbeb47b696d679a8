import {
  type ApprovalMemory,
  type ApprovalMode,
  type ApprovalOptions,
  type ApprovalRules,
  type Approver,
  createApprovalMemory,
  createToolSurface,
  standardDecorators,
  type ToolDecorator,
  type ToolEventListener,
  type ToolProvider,
  type ToolSurface,
  type Workspace,
  withApprovalExplanation,
} from '@toolgate/core';
import { createSessionTools, type SessionToolsOptions } from './create-session-tools.js';
import type { SessionMcp } from './load-mcp-tools.js';

/** Options for {@link createSessionSurface}. */
export interface SessionSurfaceOptions extends SessionToolsOptions {
  /** The approval mode, or a getter read at every call (a host may switch modes). */
  readonly mode: ApprovalMode | (() => ApprovalMode);
  /** Asks a person. Without one, calls that need approval are rejected. @default none */
  readonly approver?: Approver;
  /** Session memory of `*_always` answers. @default a fresh memory per session */
  readonly memory?: ApprovalMemory;
  /** Permission rules (see `permissionRulesApproval`), consulted before memory and the mode. @default none */
  readonly rules?: ApprovalRules;
  /** Tool events, for progress and logs. @default none */
  readonly onEvent?: ToolEventListener;
  /** Decorators between preflight and approval (preToolUse hooks). @default [] */
  readonly before?: readonly ToolDecorator[];
  /** Decorators between approval and the tool. @default [] */
  readonly after?: readonly ToolDecorator[];
  /**
   * Validate, plan and explain how approval would decide each call instead of running it
   * (`withApprovalExplanation`): no events, hooks, approver question or tool. @default false
   */
  readonly explain?: boolean;
}

/** A session: one gated surface over the built-in and MCP tools, and what must be stopped at its end. */
export interface SessionSurface {
  /** The gated surface: events → validation → preflight → approval → `after` → the tool. */
  readonly surface: ToolSurface;
  /** The same tools behind another approver (an MCP client's elicitation). */
  withApprover(approver: Approver | undefined): ToolSurface;
  /** The session's ungated tools by name. */
  readonly tools: ToolProvider;
  /** The workspace every tool resolves paths through. */
  readonly workspace: Workspace;
  /** The MCP side, when servers were configured. */
  readonly mcp: SessionMcp | undefined;
  /** Stops every process the session started, waits for them, disconnects MCP servers; resolves to the number of processes stopped. */
  close(): Promise<number>;
}

/**
 * The gate over a session's tools ({@link createSessionTools}): one `createToolSurface` with the
 * standard decorators (or the explanation) and the approval settings; what the front door's
 * `call`, `explain`, `list` and `serve` sessions are built on.
 */
export async function createSessionSurface(options: SessionSurfaceOptions): Promise<SessionSurface> {
  const tools = await createSessionTools(options);
  const memory = options.memory ?? createApprovalMemory();
  const { mode } = options;
  const approval = (approver: Approver | undefined): ApprovalOptions => ({
    // Read at every call.
    get mode() {
      return typeof mode === 'function' ? mode() : mode;
    },
    memory,
    ...(approver ? { approver } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
  });
  const build = (approver: Approver | undefined): ToolSurface =>
    createToolSurface({
      tools: tools.provider,
      decorators: options.explain
        ? [withApprovalExplanation(approval(approver))]
        : standardDecorators({
            ...(options.onEvent ? { onEvent: options.onEvent } : {}),
            approval: approval(approver),
            ...(options.before ? { before: options.before } : {}),
            after: [...(options.after ?? []), ...tools.decorators],
          }),
    });
  return {
    surface: build(options.approver),
    withApprover: build,
    tools: tools.provider,
    workspace: tools.workspace,
    mcp: tools.mcp,
    close: tools.close,
  };
}
