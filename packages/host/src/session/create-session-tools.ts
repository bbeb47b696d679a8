import { resolve } from 'node:path';
import {
  type AnyTool,
  BUILT_IN_TOOL_NAMES,
  bindClient,
  type ClientFiles,
  type ClientTerminals,
  combineToolProviders,
  createWorkspace,
  type ReadPolicy,
  type ToolDecorator,
  type ToolProvider,
  toToolProvider,
  type Workspace,
} from '@toolgate/core';
import type { McpElicitor, McpServerConfig, McpServersConfig } from '@toolgate/mcp';
import type { BwrapSandbox } from '@toolgate/sandbox-bwrap';
import type { ContainerSandbox } from '@toolgate/sandbox-container';
import type { NetworkRefusal } from '@toolgate/sandbox-network';
import { createProcessRegistry } from '@toolgate/tools-shell';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import { openSessionContainer } from '../sandbox/open-session-container.js';
import { openSessionSandbox, type SessionSandboxSettings } from '../sandbox/open-session-sandbox.js';
import type { SessionSpill } from '../spill/session-spill.js';
import { type LoadedToolModules, loadToolModules } from '../tool-modules/load-tool-modules.js';
import { createBuiltInTools } from './create-built-in-tools.js';
import { loadMcpTools, type SessionMcp } from './load-mcp-tools.js';
import { openWithResources } from './session-resources.js';

/** Options for {@link createSessionTools}. */
export interface SessionToolsOptions {
  /** The workspace root (an existing directory). */
  readonly root: string;
  /** The validated config file. @default {} */
  readonly config?: ToolgateConfig;
  /** MCP servers file (`.mcp.json` format); the MCP SDK is imported only when this or `mcpServers` is set. @default none */
  readonly mcpConfigFile?: string;
  /**
   * MCP servers the host was given directly (an ACP client's `session/new`), next to the file's;
   * one with the name of a file's server replaces it. @default none
   */
  readonly mcpServers?: McpServersConfig;
  /** Why an MCP server may not start (see `loadMcpTools`' `refuse`). @default every server may start */
  readonly refuseMcpServer?: (name: string, server: McpServerConfig) => string | undefined;
  /**
   * Called with the names of the built-in and tool-module tools once loaded; throws to refuse the
   * session (`SessionSettings.checkRuleTools`: a permission rule naming none of them). @default none
   */
  readonly checkToolNames?: (names: readonly string[]) => void;
  /** Receives what stdio MCP servers write to stderr. @default discarded */
  readonly mcpStderr?: (server: string, chunk: string) => void;
  /** The environment whose state directory holds MCP tokens and tool pins. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Shows an MCP server's elicitation form to the person. @default none: not declared */
  readonly mcpElicit?: McpElicitor;
  /**
   * Whether creating the session waits for the MCP servers to connect or fail. Without waiting,
   * the built-in tools are ready at once and each server's tools join when it connects
   * (`onMcpToolsChanged`). @default true
   */
  readonly waitForMcpServers?: boolean;
  /** Called when an MCP server's tools change. @default nothing */
  readonly onMcpToolsChanged?: () => void;
  /**
   * Whether the MCP servers start, asked once the built-in and module tools exist (a one-shot call
   * of a tool the session already has need not wait on servers). @default they start when configured
   */
  readonly loadMcp?: (local: ToolProvider) => boolean;
  /** Called when the MCP servers would start but the workspace's were withheld (not trusted). @default nothing */
  readonly onMcpWithheld?: () => void;
  /** Only the built-in tools of the packages that define these names. @default every built-in tool */
  readonly builtIns?: readonly string[];
  /**
   * Where bash runs; bubblewrap is tried once when the session opens. Required, so no host runs
   * bash on the machine by omission: `'unconfined'` says so explicitly (a session that lists tools
   * or calls another tool, or a person who chose danger-full-access through the settings).
   */
  readonly sandbox:
    | (SessionSandboxSettings & {
        readonly notice: (line: string) => void;
        /** Hears each connection the network allowlist refused (the audit log). */
        readonly onNetworkRefusal?: (refusal: NetworkRefusal) => void;
      })
    | 'unconfined';
  /**
   * Tools another session owns and closes (a delegate's child uses its parent's MCP tools): listed
   * after the built-ins, never closed by this session. @default none
   */
  readonly shared?: ToolProvider;
  /**
   * Tools not offered to the model (a bare deny rule's, see `SessionSettings.hiddenTools`): left
   * out of the provider's list, still found by name, so a call reaches approval and is refused by
   * its rule. @default none
   */
  readonly hiddenTools?: (name: string) => boolean;
  /** The workspace's read policy (`SessionSettings.readPolicy`: deny rules for reading paths). @default none */
  readonly readPolicy?: ReadPolicy | undefined;
  /** Paths no tool reads or writes (`SessionSettings.unreachablePaths`). @default [] */
  readonly unreachablePaths?: readonly string[];
  /** A client's files, given to the built-in and module tools that declare `clientFiles` (`bindClient`). @default the disk */
  readonly clientFiles?: ClientFiles;
  /** A client's terminals, given to the tools that declare `clientTerminals` (`bindClient`). @default none */
  readonly clientTerminals?: ClientTerminals;
  /** Shows a running call's output so far (`context.onOutput`; bash's long commands). @default none */
  readonly onToolOutput?: (callId: string, text: string) => void;
  /**
   * Where outputs over a tool's cap are kept whole (`openSessionSpill`); its directory becomes a
   * read-only root of the workspace, reachable inside the otherwise unreachable state directory.
   * @default none: such outputs are cut
   */
  readonly spill?: SessionSpill;
}

/** A session's ungated tools: the built-ins and the MCP servers' tools, and what must be stopped at its end. */
export interface SessionToolSet {
  /** Every tool, live (MCP servers' tools may change). */
  readonly provider: ToolProvider;
  /** The workspace every tool resolves paths through. */
  readonly workspace: Workspace;
  /** The MCP side, when servers were configured. */
  readonly mcp: SessionMcp | undefined;
  /** The sandbox bash runs in, when one is bound: bubblewrap, or the session's container. */
  readonly sandbox: SessionSandbox | undefined;
  /** The tool modules' decorators, to run between approval and the tool. */
  readonly decorators: readonly ToolDecorator[];
  /** Stops every process the session started, waits for them, disconnects MCP servers; resolves to the number of processes stopped. */
  close(): Promise<number>;
}

/** Where a session's bash runs: bubblewrap on this machine, or a container (closed with the session). */
export type SessionSandbox = BwrapSandbox | ContainerSandbox;

/** The workspace from the config file's `workspace` keys, the read policy and the unreachable paths. */
export function createConfiguredWorkspace(
  root: string,
  config: ToolgateConfig,
  options: Pick<SessionToolsOptions, 'readPolicy' | 'unreachablePaths' | 'spill'> = {},
): Workspace {
  const workspaceConfig = config.workspace ?? {};
  return createWorkspace({
    root,
    ...(options.readPolicy ? { readPolicy: options.readPolicy } : {}),
    ...(options.unreachablePaths ? { unreachablePaths: options.unreachablePaths } : {}),
    ...(options.spill ? { sessionReadRoots: [options.spill.directory] } : {}),
    ...(workspaceConfig.readRoots
      ? { readRoots: workspaceConfig.readRoots.map((path) => resolve(root, path)) }
      : {}),
    ...(workspaceConfig.protectedPaths ? { protectedPaths: workspaceConfig.protectedPaths } : {}),
    ...(workspaceConfig.excludedPaths ? { excludedPaths: workspaceConfig.excludedPaths } : {}),
    ...(config.secrets ? { secrets: config.secrets } : {}),
    ...(workspaceConfig.allowOutsideWorkspace === undefined
      ? {}
      : { allowOutsideWorkspace: workspaceConfig.allowOutsideWorkspace }),
  });
}

/**
 * bash in a read-only sandbox without network changes nothing outside its private `/tmp`: it is
 * annotated read-only, so a read-only agent (a delegate such as explore) may use it.
 */
function markConfinedBash(
  tools: readonly AnyTool[],
  sandbox: SessionSandbox | undefined,
): readonly AnyTool[] {
  if (sandbox?.mode !== 'read-only' || (sandbox.providerId === 'bwrap' && sandbox.network)) return tools;
  return tools.map((tool) =>
    tool.definition.name === 'bash'
      ? {
          ...tool,
          definition: { ...tool.definition, annotations: { ...tool.definition.annotations, readOnly: true } },
        }
      : tool,
  );
}

/** Built-in names (and their replacements) in AI4J's order, every other tool after them as given. */
function orderTools(tools: readonly AnyTool[]): readonly AnyTool[] {
  const rank = (tool: AnyTool): number => {
    const index = (BUILT_IN_TOOL_NAMES as readonly string[]).indexOf(tool.definition.name);
    return index < 0 ? BUILT_IN_TOOL_NAMES.length : index;
  };
  return [...tools].sort((left, right) => rank(left) - rank(right));
}

/** The provider without the tools `hidden` names in its list; `get` still finds them. */
function withoutListed(provider: ToolProvider, hidden: (name: string) => boolean): ToolProvider {
  return {
    list: () => provider.list().filter((tool) => !hidden(tool.definition.name)),
    get: (name) => provider.get(name),
  };
}

/**
 * Built-in tools from every tool package, the config's tool modules (`tools.modules`, `replace`,
 * `disable`) and the MCP servers' tools, as one live provider. What it opens (the sandbox, the
 * process registry, the built-ins' processes, the MCP servers) is registered on one stack and
 * released in reverse order, also when opening fails half-way.
 */
export async function createSessionTools(options: SessionToolsOptions): Promise<SessionToolSet> {
  const config = options.config ?? {};
  const workspace = createConfiguredWorkspace(options.root, config, options);
  // bubblewrap's probe (a child process) runs while the tool packages load; bash, the tool
  // modules and the listing below wait for it. Its failure is awaited and thrown there; until
  // then it must not count as unhandled.
  const sandboxContext = {
    workspace,
    readRoots: workspace.readRoots,
    protectedPaths: config.workspace?.protectedPaths ?? [],
    readPolicy: options.readPolicy,
  };
  const opening: Promise<SessionSandbox | undefined> =
    options.sandbox === 'unconfined'
      ? Promise.resolve(undefined)
      : options.sandbox.container
        ? openSessionContainer(options.sandbox, options.sandbox.container, {
            ...sandboxContext,
            notice: options.sandbox.notice,
            ...(options.sandbox.onNetworkRefusal
              ? { onNetworkRefusal: options.sandbox.onNetworkRefusal }
              : {}),
          })
        : openSessionSandbox(options.sandbox, {
            ...sandboxContext,
            notice: options.sandbox.notice,
            ...(options.sandbox.onNetworkRefusal
              ? { onNetworkRefusal: options.sandbox.onNetworkRefusal }
              : {}),
          });
  opening.catch(() => {});
  const withModules =
    config.tools?.modules !== undefined ||
    config.tools?.replace !== undefined ||
    config.tools?.disable !== undefined;
  return openWithResources(async (resources) => {
    // The container goes last, once every process in it was stopped (also when opening fails half-way).
    resources.defer(async () => {
      const opened = await opening.catch(() => undefined);
      await opened?.close();
    });
    // Tool modules share bash's process registry and end with the session; closed after bash's
    // own count of what was still running.
    const processes = withModules
      ? createProcessRegistry(options.spill ? { outputSpill: options.spill.spill } : {})
      : undefined;
    if (processes) resources.defer(() => processes.close());
    const lifetime = new AbortController();
    const builtIns = await createBuiltInTools({
      workspace,
      config,
      sandbox: opening,
      ...(processes ? { processes } : {}),
      ...(options.spill ? { outputSpill: options.spill.spill } : {}),
      ...(options.builtIns ? { only: options.builtIns } : {}),
    });
    let stopped = 0;
    resources.defer(async () => {
      stopped = await builtIns.close();
    });
    // The tool modules hear the session end before bash's processes stop.
    resources.defer(() => lifetime.abort());
    const sandbox = await opening;
    const modules: LoadedToolModules | undefined = processes
      ? await loadToolModules(config, { workspace, processes, sandbox, signal: lifetime.signal })
      : undefined;
    const removed = modules?.removedBuiltIns ?? new Set<string>();
    const tools = orderTools([
      ...builtIns.tools.filter((tool) => !removed.has(tool.definition.name)),
      ...(modules?.tools ?? []),
    ]);
    options.checkToolNames?.(tools.map((tool) => tool.definition.name));
    const client = {
      files: options.clientFiles,
      terminals: options.clientTerminals,
      output: options.onToolOutput,
    };
    const lent = client.files || client.terminals || client.output;
    const bound = lent ? tools.map((tool) => bindClient(tool, client)) : tools;
    const local = toToolProvider(markConfinedBash(bound, sandbox));
    const providers: ToolProvider[] = [local];
    if (options.shared) providers.push(options.shared);
    let mcp: SessionMcp | undefined;
    const givenServers = options.mcpServers ?? {};
    const configured = options.mcpConfigFile !== undefined || Object.keys(givenServers).length > 0;
    const wanted = options.loadMcp?.(local) ?? true;
    if (wanted) options.onMcpWithheld?.();
    if (configured && wanted) {
      const loaded = await loadMcpTools(options.mcpConfigFile, {
        cwd: workspace.root,
        servers: givenServers,
        ...(options.refuseMcpServer ? { refuse: options.refuseMcpServer } : {}),
        ...(options.spill ? { outputSpill: options.spill.spill } : {}),
        waitForServers: options.waitForMcpServers ?? true,
        ...(options.env ? { env: options.env } : {}),
        ...(options.mcpElicit ? { elicit: options.mcpElicit } : {}),
        ...(options.mcpStderr ? { stderr: options.mcpStderr } : {}),
        ...(options.onMcpToolsChanged ? { onToolsChanged: options.onMcpToolsChanged } : {}),
      });
      // Disconnected while bash's processes stop.
      resources.defer(() => loaded.close());
      mcp = loaded;
      providers.push(loaded.provider);
    }
    const combined = combineToolProviders(providers);
    const provider = options.hiddenTools ? withoutListed(combined, options.hiddenTools) : combined;
    return {
      provider,
      workspace,
      mcp,
      sandbox,
      decorators: modules?.decorators ?? [],
      close: async () => {
        await resources.close();
        return stopped;
      },
    };
  });
}
