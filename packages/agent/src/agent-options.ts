import type {
  AgentDefinition,
  AnyTool,
  ApprovalMode,
  ApprovalRules,
  Approver,
  ToolDecorator,
  ToolProvider,
} from '@toolgate/core';
import type { AgentModel } from './agent-model.js';
import type { DelegateOptions } from './delegate/delegate-definition.js';

/** The tools of one session and how to release what they started. */
export interface SessionTools {
  readonly tools: readonly AnyTool[] | ToolProvider;
  /** Stops the session's processes and connections. @default nothing to stop */
  close?(): Promise<unknown> | undefined;
}

/** The session a {@link SessionToolsFactory} builds tools for. */
export interface SessionToolsContext {
  /** Set for a delegate's child session: the child and the tools of the session that started it. */
  readonly delegate?: {
    /** The definition's name (`explore`). */
    readonly name: string;
    /** The definition keeps only read-only tools (a host may confine bash to a read-only sandbox and mark it so). */
    readonly readOnly: boolean;
    /** 1 for a child of the top session, 2 for its child, … */
    readonly depth: number;
    /** What the factory returned for the parent session (share its MCP connections, …). */
    readonly parent: SessionTools;
  };
}

/**
 * Builds a session's own tools (its own process registry, MCP connections, …). Called again for
 * each delegate's child session; what it returns is closed when the child ends.
 */
export type SessionToolsFactory = (context: SessionToolsContext) => Promise<SessionTools> | SessionTools;

/** How calls are approved. The library fails closed: without an approver, a call that asks is rejected. */
export interface AgentApproval {
  /** Read at every call: a host may pass a getter to switch modes between turns. */
  readonly mode: ApprovalMode;
  /** Asks a person; asked one question at a time. @default none */
  readonly approver?: Approver;
  /**
   * Permission rules, consulted before remembered answers and the mode: deny refuses
   * (`rejected{by:'rule'}`), ask asks even in auto, allow runs. @default none
   */
  readonly rules?: ApprovalRules;
}

/** How many tool calls of one step run when {@link AgentLimits.maxToolCallsPerStep} is not set. */
export const DEFAULT_MAX_TOOL_CALLS_PER_STEP = 64;

/** Limits of one turn. */
export interface AgentLimits {
  /** Model requests per turn. @default 50 */
  readonly maxSteps?: number;
  /**
   * Tool calls of one step that run, in the model's order; each call past it gets a `not_run`
   * result that tells the model so, and the turn goes on. @default {@link DEFAULT_MAX_TOOL_CALLS_PER_STEP}
   */
  readonly maxToolCallsPerStep?: number;
  /**
   * Tool calls of one turn that run, over all its steps; the calls past it are answered not run
   * and the turn ends `budget_exhausted`. @default no bound
   */
  readonly maxToolCallsPerTurn?: number;
  /**
   * Milliseconds a turn may take: then what runs is aborted (a command is killed) and the turn
   * ends `budget_exhausted`. @default no bound
   */
  readonly maxTurnMs?: number;
  /**
   * Tokens (input and output) of every model request of a session, its delegates' children's
   * included: once spent, no further request is made and the turn ends `budget_exhausted`.
   * @default no bound
   */
  readonly maxSessionTokens?: number;
  /** Retries of one model request on 429 and 5xx (the server's retry-after is honoured). @default 2 */
  readonly maxRetries?: number;
  /** Output tokens per model request. @default the provider's */
  readonly maxOutputTokens?: number;
  /**
   * The model's context window in tokens. Before a request whose prompt would take more than 80%
   * of it, the older turns are compacted into a summary (the latest turns kept); a request still
   * over it is not sent (`context_exceeded`). Without it, only a provider's context-length error
   * triggers a compaction. @default unknown
   */
  readonly contextWindow?: number;
}

/** Options of {@link createAgent}. */
export interface AgentOptions {
  /** Any AI SDK model (`LanguageModel` of an `@ai-sdk/*` provider). */
  readonly model: AgentModel;
  /** The tools, shared by every session, or a factory that builds each session its own. */
  readonly tools: readonly AnyTool[] | ToolProvider | SessionToolsFactory;
  readonly approval: AgentApproval;
  /** Decorators between preflight and approval (preToolUse hooks). @default [] */
  readonly before?: readonly ToolDecorator[];
  /** Decorators between approval and the tool. @default [] */
  readonly after?: readonly ToolDecorator[];
  /** Narrows the tools the model sees and may call; a hidden tool's call is blocked by policy. @default every tool */
  readonly policy?: AgentDefinition;
  /** The workspace root, named in the system prompt. @default not named */
  readonly workspaceRoot?: string;
  /** The project memory block (AGENTS.md), or a loader read once per session. @default none */
  readonly agentsMd?: string | (() => Promise<string | undefined>);
  /** Extra instructions at the end of the system prompt. @default none */
  readonly instructions?: string;
  readonly limits?: AgentLimits;
  /** Agent definitions the model may delegate to, each a `delegate_<name>` tool. @default none */
  readonly delegates?: DelegateOptions;
  /**
   * Give the top session the `update_plan` tool (steps with a status; read-only, so it runs in every
   * mode): its result's `display.plan` is the plan for hosts to show. Delegates' children get none. @default false
   */
  readonly planTool?: boolean;
  /**
   * Give the top session `exit_plan_mode`: in plan mode it asks the person with the model's plan
   * and, once approved, calls this to leave plan mode; it returns the mode switched to. @default no such tool
   */
  readonly leavePlanMode?: () => ApprovalMode;
  /**
   * Awaited before the top session compacts its history on its own (a prompt near the context
   * window, or a provider's context-length error), once there is a turn to compact and before the
   * summary is asked for: a host's preCompact hooks, trigger `auto`. A
   * `session.compact()` does not call it (the host that calls it runs its own). @default nothing
   */
  readonly beforeCompaction?: () => Promise<void>;
}
