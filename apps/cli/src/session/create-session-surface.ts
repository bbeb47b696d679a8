import { resolve } from 'node:path';
import {
  type ApprovalMemory,
  type ApprovalMode,
  type Approver,
  createApprovalMemory,
  createToolSurface,
  createWorkspace,
  standardDecorators,
  type ToolDecorator,
  type ToolEventListener,
  type ToolProvider,
  type ToolSurface,
  type Workspace,
} from '@toolgate/core';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import { combineToolProviders, toToolProvider } from './combine-tool-providers.js';
import { createBuiltInTools } from './create-built-in-tools.js';
import { loadMcpTools, type SessionMcp } from './load-mcp-tools.js';

/** Options for {@link createSessionSurface}. */
export interface SessionSurfaceOptions {
  /** The workspace root (an existing directory). */
  readonly root: string;
  /** The validated config file. @default {} */
  readonly config?: ToolgateConfig;
  /** The approval mode. */
  readonly mode: ApprovalMode;
  /** Asks a person. Without one, calls that need approval are rejected. @default none */
  readonly approver?: Approver;
  /** Session memory of `*_always` answers. @default a fresh memory per session */
  readonly memory?: ApprovalMemory;
  /** MCP servers file (`.mcp.json` format); the MCP SDK is imported only when this is set. @default none */
  readonly mcpConfigFile?: string;
  /** Receives what stdio MCP servers write to stderr. @default discarded */
  readonly mcpStderr?: (server: string, chunk: string) => void;
  /** Tool events, for progress and logs. @default none */
  readonly onEvent?: ToolEventListener;
  /** Decorators between approval and the tool. @default [] */
  readonly after?: readonly ToolDecorator[];
}

/** A session: one gated surface over the built-in and MCP tools, and what must be stopped at its end. */
export interface SessionSurface {
  /** The gated surface: events → validation → preflight → approval → `after` → the tool. */
  readonly surface: ToolSurface;
  /** The same tools behind another approver (an MCP client's elicitation). */
  withApprover(approver: Approver | undefined): ToolSurface;
  /** The workspace every tool resolves paths through. */
  readonly workspace: Workspace;
  /** The MCP side, when servers were configured. */
  readonly mcp: SessionMcp | undefined;
  /** Stops every process the session started, waits for them, disconnects MCP servers; resolves to the number of processes stopped. */
  close(): Promise<number>;
}

/**
 * The one composition function: built-in tools from every tool package plus the MCP servers'
 * tools, in one `createToolSurface` with the standard decorators and the approval settings.
 */
export async function createSessionSurface(options: SessionSurfaceOptions): Promise<SessionSurface> {
  const config = options.config ?? {};
  const workspaceConfig = config.workspace ?? {};
  const workspace = createWorkspace({
    root: options.root,
    ...(workspaceConfig.readRoots
      ? { readRoots: workspaceConfig.readRoots.map((path) => resolve(options.root, path)) }
      : {}),
    ...(workspaceConfig.protectedPaths ? { protectedPaths: workspaceConfig.protectedPaths } : {}),
    ...(workspaceConfig.excludedPaths ? { excludedPaths: workspaceConfig.excludedPaths } : {}),
    ...(workspaceConfig.allowOutsideWorkspace === undefined
      ? {}
      : { allowOutsideWorkspace: workspaceConfig.allowOutsideWorkspace }),
  });
  const builtIns = createBuiltInTools({ workspace, config });
  const providers: ToolProvider[] = [toToolProvider(builtIns.tools)];
  let mcp: SessionMcp | undefined;
  if (options.mcpConfigFile !== undefined) {
    const loaded = await loadMcpTools(options.mcpConfigFile, {
      cwd: workspace.root,
      ...(options.mcpStderr ? { stderr: options.mcpStderr } : {}),
    });
    mcp = loaded;
    providers.push(loaded.provider);
  }
  let provider: ToolProvider;
  try {
    provider = combineToolProviders(providers);
  } catch (error) {
    await Promise.all([builtIns.close(), mcp?.close()]);
    throw error;
  }
  const memory = options.memory ?? createApprovalMemory();
  const build = (approver: Approver | undefined): ToolSurface =>
    createToolSurface({
      tools: provider,
      decorators: standardDecorators({
        ...(options.onEvent ? { onEvent: options.onEvent } : {}),
        approval: { mode: options.mode, memory, ...(approver ? { approver } : {}) },
        ...(options.after ? { after: options.after } : {}),
      }),
    });
  let closing: Promise<number> | undefined;
  return {
    surface: build(options.approver),
    withApprover: build,
    workspace,
    mcp,
    close: () => {
      closing ??= (async () => {
        const [stopped] = await Promise.all([builtIns.close(), mcp?.close()]);
        return stopped;
      })();
      return closing;
    },
  };
}
