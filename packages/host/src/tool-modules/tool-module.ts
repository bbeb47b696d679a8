import type { AnyTool, ToolDecorator, Workspace } from '@toolgate/core';
import type { LocalSandboxSession, ProcessRegistry, SandboxSession } from '@toolgate/tools-shell';

/** What a tool module's factory is given: the session's own workspace, processes, sandbox and lifetime. */
export interface ToolModuleContext {
  /** The workspace every tool of the session resolves paths through (boundaries, protected paths). */
  readonly workspace: Workspace;
  /** The session's process registry (bash's too): processes started here stop when the session ends. */
  readonly processes: ProcessRegistry;
  /**
   * Where bash runs, when the session has a sandbox: bubblewrap (a `LocalSandboxSession`) or a
   * container (a `SandboxSession` with `startProcess`); `isLocalSandbox` tells them apart.
   */
  readonly sandbox: LocalSandboxSession | SandboxSession | undefined;
  /** Aborted when the session closes. */
  readonly signal: AbortSignal;
}

/** What a tool module's factory returns. */
export interface ToolModuleTools {
  readonly tools: readonly AnyTool[];
  /**
   * Decorators for every call of the session, between approval and the tool (audit, rate limits,
   * authentication). @default []
   */
  readonly decorators?: readonly ToolDecorator[];
}

/**
 * A tool module's default export: called once per session. Named in the config as
 * `"tools": {"modules": ["@acme/toolgate-git", "./tools/jira.mjs"]}`.
 */
export type ToolModuleFactory = (context: ToolModuleContext) => ToolModuleTools | Promise<ToolModuleTools>;
