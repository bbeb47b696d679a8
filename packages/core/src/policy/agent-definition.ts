/** How a child session's write access relates to its allowed tools. */
export type IsolationMode = 'inherit' | 'read_only' | 'write_enabled';

/** A (child) agent: which tools its session may use. */
export interface AgentDefinition {
  /** Agent name (`explore`, `plan`, …). */
  readonly name: string;
  /** What the agent is for. */
  readonly description?: string;
  /** The delegate tool that starts it (`delegate_explore`). */
  readonly toolName?: string;
  /**
   * Tool names or globs (`mcp__github__*`). Undefined inherits the parent's surface; an empty
   * list means no tools at all.
   */
  readonly allowedTools?: readonly string[];
  /** `read_only` also removes every tool that can write. @default 'inherit' */
  readonly isolation?: IsolationMode;
}
