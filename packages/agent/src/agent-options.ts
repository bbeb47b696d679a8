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

/** The tools of one session and how to release what they started. */
export interface SessionTools {
  readonly tools: readonly AnyTool[] | ToolProvider;
  /** Stops the session's processes and connections. @default nothing to stop */
  close?(): Promise<unknown> | undefined;
}

/** Builds a session's own tools (its own process registry, MCP connections, …). */
export type SessionToolsFactory = () => Promise<SessionTools> | SessionTools;

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

/** Limits of one turn. */
export interface AgentLimits {
  /** Model requests per turn. @default 50 */
  readonly maxSteps?: number;
  /** Retries of one model request on 429 and 5xx (the server's retry-after is honoured). @default 2 */
  readonly maxRetries?: number;
  /** Output tokens per model request. @default the provider's */
  readonly maxOutputTokens?: number;
}

/** Options of {@link createAgent}. */
export interface AgentOptions {
  /** Any AI SDK model (`LanguageModel` of an `@ai-sdk/*` provider). */
  readonly model: AgentModel;
  /** The tools, shared by every session, or a factory that builds each session its own. */
  readonly tools: readonly AnyTool[] | ToolProvider | SessionToolsFactory;
  readonly approval: AgentApproval;
  /** Decorators between approval and the tool (hooks, rules, audit). @default [] */
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
}
