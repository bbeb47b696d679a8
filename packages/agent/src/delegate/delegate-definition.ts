import type { AgentModel } from '../agent-model.js';

/**
 * A child agent the model may delegate a task to: it becomes the tool `delegate_<name>`, whose call
 * runs a child session on the tools this definition allows (never more than the parent's).
 */
export interface DelegateDefinition {
  /** Lower case letters, digits, `_` and `-`, starting with a letter; the tool is `delegate_<name>`. */
  readonly name: string;
  /** What the agent is for: the delegate tool's description, read by the parent's model. */
  readonly description: string;
  /**
   * Tool names or globs (`read_file`, `mcp__github__*`) the child may use, within the parent's
   * surface. @default every tool of the parent's surface
   */
  readonly tools?: readonly string[];
  /** Keeps only the tools annotated read-only (read_file, glob, grep, read-only MCP tools). @default false */
  readonly readOnly?: boolean;
  /** The child's instructions, at the end of its system prompt. */
  readonly instructions: string;
  /** The child's model. @default the parent's */
  readonly model?: AgentModel;
  /** Model requests of the child's turn. @default the parent's `limits.maxSteps` */
  readonly maxSteps?: number;
}

/** Delegates of an agent: the definitions and the limits of the child sessions they run. */
export interface DelegateOptions {
  /** Each becomes a `delegate_<name>` tool; names must be unique. */
  readonly definitions: readonly DelegateDefinition[];
  /** Delegate calls of one model step that run at the same time. @default 4 */
  readonly maxParallel?: number;
  /**
   * How deep children may nest: with 1 a child has no delegate tools; with 2 a child whose
   * definition allows `delegate_*` tools may delegate once more. @default 1
   */
  readonly maxDepth?: number;
}

/** Default of {@link DelegateOptions.maxParallel}. */
export const DEFAULT_DELEGATE_PARALLEL = 4;

/** Default of {@link DelegateOptions.maxDepth}. */
export const DEFAULT_DELEGATE_DEPTH = 1;

/** The prefix of every delegate tool's name. */
export const DELEGATE_TOOL_PREFIX = 'delegate_';

/** The pattern a definition's name must match. */
export const DELEGATE_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,54}$/;
