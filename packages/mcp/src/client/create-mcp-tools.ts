import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  type AnyTool,
  createToolSurface,
  defineJsonSchemaTool,
  implementTool,
  integerOption,
  type OutputSpill,
  type ToolDecorator,
  type ToolProvider,
  type ToolSurface,
  toolSuccess,
} from '@toolgate/core';
import type { McpAuthOptions } from '../auth/mcp-oauth-provider.js';
import type { McpServersConfig } from '../config/mcp-config-schema.js';
import { capText } from '../internal/cap-text.js';
import { mcpFailure } from '../internal/mcp-failure.js';
import { createArgumentValidator } from './create-argument-validator.js';
import type { McpElicitor } from './mcp-elicitation.js';
import {
  type McpCallProgress,
  type McpConnectionSettings,
  McpServerConnection,
} from './mcp-server-connection.js';
import type { McpServerStatus, McpSkippedTool } from './mcp-server-status.js';
import { joinContent, type McpToolOutput, toMcpToolOutput } from './mcp-tool-output.js';
import { type McpToolPins, pinKey, toolDigest } from './mcp-tool-pins.js';
import { mcpToolPresentation } from './mcp-tool-presentation.js';
import { toMcpToolShape } from './to-mcp-tool-definition.js';
import { toMcpToolName } from './to-mcp-tool-name.js';

/** Options for {@link createMcpTools}. */
export interface CreateMcpToolsOptions {
  /** The servers, by name (e.g. `(await loadMcpConfig(file)).mcpServers`). */
  readonly servers: McpServersConfig;
  /** How long one server may take to start, initialize and list its tools. @default 10000 */
  readonly connectTimeoutMs?: number;
  /**
   * Whether `createMcpTools` waits until every server is connected, failed or disabled. With
   * `false` it returns at once; each server's tools appear as it connects (`onToolsChanged`
   * fires) and `ready` says when all have settled, so a host's own tools never wait on a slow or
   * hung server. @default true
   */
  readonly waitForServers?: boolean;
  /** How long one tool call may take before it is cancelled (`mcp_timeout`). @default 60000 */
  readonly callTimeoutMs?: number;
  /**
   * Receives each chunk a stdio server writes to stderr (for a log file). It never reaches the
   * host's stdout. The last 2000 characters are also kept for `status()` reasons. @default discarded
   */
  readonly stderr?: (server: string, chunk: string) => void;
  /** Directory stdio servers start in, and against which a relative `cwd` resolves. @default process.cwd() */
  readonly cwd?: string;
  /** Decorators of the returned `surface` (e.g. `standardDecorators({approval})`). @default [] */
  readonly decorators?: readonly ToolDecorator[];
  /** Largest text a call returns to the model; longer text is cut with a marker. @default 100000 */
  readonly maxResultChars?: number;
  /**
   * Where a result longer than `maxResultChars` is kept whole (a host's session spill): the model
   * reads its head, its tail and the file's path instead of a cut. @default none: it is cut
   */
  readonly outputSpill?: OutputSpill;
  /** Called when a server's tools or state change (list_changed, a crash). @default nothing */
  readonly onToolsChanged?: (server: string) => void;
  /** Name and version this client reports to servers. @default { name: 'toolgate', version: '0.0.0' } */
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /**
   * Shows a server's `elicitation/create` form to the person (the host's approver UI) and returns
   * their answer; defaults fill what they leave out. Without it toolgate does not declare the
   * elicitation capability, so servers know nobody can answer. @default none
   */
  readonly elicit?: McpElicitor;
  /**
   * OAuth 2.1 for remote servers (the SDK's auth helpers): discovery, dynamic registration or a
   * pre-registered client, PKCE, refresh. Tokens are read from and saved to `store`, by server URL.
   * @default none: a server that answers 401 fails to connect
   */
  readonly auth?: McpAuthOptions;
  /** Said to the person when a server needs a login that cannot happen in this session (e.g. `run "toolgate mcp login docs"`). @default none */
  readonly loginHint?: (server: string) => string;
  /**
   * Rug-pull protection: each server's tool definitions are pinned (digests of title, description,
   * schema and annotations) the first time it is seen; a tool whose definition later differs, or
   * that is new, asks before every call (it loses its read-only hint) until `trustTools(server)`
   * pins the new definitions. @default none: definitions are taken as listed
   */
  readonly pins?: McpToolPins;
  /** Receives progress a server reports during a call (`server` is its configured name). @default nothing */
  readonly onProgress?: (server: string, progress: McpCallProgress) => void;
  /**
   * Read at each `tools/call`: the request's `_meta` (a trace context: `{ traceparent }`), or
   * undefined for none. @default none
   */
  readonly requestMeta?: () => Readonly<Record<string, unknown>> | undefined;
}

/** What {@link createMcpTools} returns. */
export interface McpTools {
  /** The merged tools as a surface, with `decorators` applied. */
  readonly surface: ToolSurface;
  /** The same tools as a live provider (reflects list_changed), for hosts that build their own surface. */
  readonly tools: ToolProvider;
  /** One entry per configured server, in config order. */
  status(): McpServerStatus[];
  /** Resolves once every server is connected, failed or disabled (at once when `waitForServers`). */
  readonly ready: Promise<void>;
  /** Pins the tool definitions a server lists now (after it changed them); its tools stop asking. */
  trustTools(server: string): Promise<void>;
  /** Closes every connection and stops every stdio server. Idempotent. */
  close(): Promise<void>;
}

interface Merged {
  readonly changedByServer: ReadonlyMap<string, string[]>;
  readonly list: readonly AnyTool[];
  readonly byName: ReadonlyMap<string, AnyTool>;
  readonly namesByServer: ReadonlyMap<string, string[]>;
  readonly skippedByServer: ReadonlyMap<string, McpSkippedTool[]>;
}

/**
 * Connects to every configured server in parallel (each within `connectTimeoutMs`) and merges
 * their tools as `mcp__<server>__<tool>`. Resolves once every server is connected, failed or
 * disabled (or at once, with `waitForServers: false`): a broken server costs only its own tools.
 * Never rejects because of a server.
 */
export async function createMcpTools(options: CreateMcpToolsOptions): Promise<McpTools> {
  const connectTimeoutMs = integerOption('connectTimeoutMs', options.connectTimeoutMs, 10_000);
  const callTimeoutMs = integerOption('callTimeoutMs', options.callTimeoutMs, 60_000);
  const maxResultChars = integerOption('maxResultChars', options.maxResultChars, 100_000);
  const ajv = new AjvJsonSchemaValidator();
  const built = new Map<string, { readonly key: string; readonly tool: AnyTool }>();
  const connections: McpServerConnection[] = [];
  let merged: Merged = {
    list: [],
    byName: new Map(),
    namesByServer: new Map(),
    skippedByServer: new Map(),
    changedByServer: new Map(),
  };
  const pins = new Map(Object.entries((await options.pins?.read()) ?? {}));
  const cwd = options.cwd ?? process.cwd();

  // A changed definition is not believed: it is shown as changed and asks (no read-only hint).
  const asChanged = (mcpTool: McpTool): McpTool => ({
    ...mcpTool,
    annotations: { ...mcpTool.annotations, readOnlyHint: false, destructiveHint: true },
    description: `[changed since this server was trusted] ${mcpTool.description ?? ''}`.trim(),
  });

  const buildTool = (
    connection: McpServerConnection,
    listed: McpTool,
    name: string,
    changed: boolean,
  ): AnyTool => {
    const mcpTool = changed ? asChanged(listed) : listed;
    const key = JSON.stringify([name, mcpTool]);
    const cacheKey = `${connection.name}\u0000${mcpTool.name}`;
    const cached = built.get(cacheKey);
    if (cached?.key === key) return cached.tool;
    const shape = toMcpToolShape(connection.name, mcpTool);
    const spec = defineJsonSchemaTool({
      name,
      ...shape,
      source: { type: 'mcp', server: connection.name, originalName: mcpTool.name },
      validate: createArgumentValidator(ajv, shape.inputSchema),
      presentation: mcpToolPresentation(connection.name, mcpTool),
    });
    const tool = implementTool<Readonly<Record<string, unknown>>, McpToolOutput>(spec, {
      async execute(input, context) {
        const timeoutMs = connection.config.toolTimeoutMs ?? callTimeoutMs;
        const outcome = await connection.call(mcpTool.name, input, context.signal, timeoutMs);
        const spill = options.outputSpill && { spill: options.outputSpill, label: name };
        switch (outcome.kind) {
          case 'result':
            return outcome.result.isError
              ? mcpFailure(
                  'mcp_tool_error',
                  joinContent(outcome.result.content, maxResultChars, spill) ||
                    `MCP tool "${mcpTool.name}" of server "${connection.name}" reported an error without a message.`,
                )
              : toolSuccess(toMcpToolOutput(outcome.result, maxResultChars, spill));
          case 'aborted':
            return mcpFailure('aborted', `${name} was cancelled before it finished.`);
          case 'too_large':
            return mcpFailure(
              'mcp_result_too_large',
              `MCP server "${connection.name}" could not deliver its answer to ${mcpTool.name}: ${outcome.message}. Ask for less (a narrower query, a smaller page).`,
            );
          case 'timeout':
            return mcpFailure(
              'mcp_timeout',
              `MCP server "${connection.name}" did not answer ${mcpTool.name} within ${timeoutMs} ms; the call was cancelled.`,
            );
          case 'unavailable':
            return mcpFailure(
              'mcp_server_unavailable',
              `MCP server "${connection.name}" is unavailable: ${outcome.message}. Its tools cannot run until the host restarts it.`,
            );
          case 'error':
            return mcpFailure(
              'mcp_tool_error',
              capText(
                `MCP server "${connection.name}" refused ${mcpTool.name}: ${outcome.message}`,
                maxResultChars,
              ),
            );
        }
      },
    });
    built.set(cacheKey, { key, tool });
    return tool;
  };

  const remerge = (): void => {
    const list: AnyTool[] = [];
    const byName = new Map<string, AnyTool>();
    const namesByServer = new Map<string, string[]>();
    const skippedByServer = new Map<string, McpSkippedTool[]>();
    const changedByServer = new Map<string, string[]>();
    for (const connection of connections) {
      const names: string[] = [];
      const skipped: McpSkippedTool[] = [];
      const changed: string[] = [];
      namesByServer.set(connection.name, names);
      skippedByServer.set(connection.name, skipped);
      changedByServer.set(connection.name, changed);
      if (connection.state === 'disabled' || connection.state === 'connecting') continue;
      const key = pinKey(connection.config, cwd);
      let pinned = pins.get(key);
      if (options.pins && pinned === undefined && connection.tools.length > 0) {
        // First sight of this server: what it lists now is what later listings are held to.
        pinned = Object.fromEntries(connection.tools.map((tool) => [tool.name, toolDigest(tool)]));
        pins.set(key, pinned);
        void options.pins.write(key, pinned).catch(() => {});
      }
      skipped.push(...connection.malformedTools);
      for (const mcpTool of connection.tools) {
        if (mcpTool.execution?.taskSupport === 'required') {
          skipped.push({
            originalName: mcpTool.name,
            reason: 'it can only run as an MCP task, which toolgate does not support',
          });
          continue;
        }
        const name = toMcpToolName(connection.name, mcpTool.name);
        const holder = byName.get(name);
        if (holder) {
          const source = holder.definition.source;
          const owner =
            source.type === 'mcp'
              ? `tool "${source.originalName}" of server "${source.server}"`
              : 'another tool';
          skipped.push({
            originalName: mcpTool.name,
            reason: `its name ${name} is already taken by ${owner}`,
          });
          continue;
        }
        const isChanged = pinned !== undefined && pinned[mcpTool.name] !== toolDigest(mcpTool);
        if (isChanged) changed.push(mcpTool.name);
        const tool = buildTool(connection, mcpTool, name, isChanged);
        list.push(tool);
        byName.set(name, tool);
        names.push(name);
      }
    }
    merged = { list, byName, namesByServer, skippedByServer, changedByServer };
  };

  const settingsFor = (server: string): McpConnectionSettings => ({
    clientName: options.clientInfo?.name ?? 'toolgate',
    clientVersion: options.clientInfo?.version ?? '0.0.0',
    connectTimeoutMs,
    cwd,
    stderr: options.stderr,
    elicit: options.elicit,
    auth: options.auth,
    loginHint: options.loginHint?.(server),
    onProgress: options.onProgress ? (progress) => options.onProgress?.(server, progress) : undefined,
    requestMeta: options.requestMeta,
    onChange: () => {
      remerge();
      try {
        options.onToolsChanged?.(server);
      } catch {
        // A host's listener must not break the connection.
      }
    },
  });

  for (const [server, config] of Object.entries(options.servers)) {
    connections.push(new McpServerConnection(server, config, settingsFor(server)));
  }
  const ready = Promise.all(connections.map((connection) => connection.connect())).then(remerge);
  if (options.waitForServers ?? true) await ready;
  else remerge();

  const tools: ToolProvider = {
    list: () => merged.list,
    get: (name) => merged.byName.get(name),
  };
  let closed: Promise<void> | undefined;
  return {
    surface: createToolSurface({ tools, decorators: options.decorators ?? [] }),
    tools,
    ready,
    status: () =>
      connections.map((connection) => ({
        server: connection.name,
        transport: connection.config.type,
        state: connection.state,
        ...(connection.reason === undefined ? {} : { reason: connection.reason }),
        tools: merged.namesByServer.get(connection.name) ?? [],
        skippedTools: merged.skippedByServer.get(connection.name) ?? [],
        changedTools: merged.changedByServer.get(connection.name) ?? [],
        ...(connection.serverInfo ? { serverInfo: connection.serverInfo } : {}),
      })),
    trustTools: async (server) => {
      const connection = connections.find((candidate) => candidate.name === server);
      if (connection?.state !== 'connected' || !options.pins) return;
      const key = pinKey(connection.config, cwd);
      const digests = Object.fromEntries(connection.tools.map((tool) => [tool.name, toolDigest(tool)]));
      pins.set(key, digests);
      await options.pins.write(key, digests);
      remerge();
      options.onToolsChanged?.(server);
    },
    close: () => {
      closed ??= Promise.all(connections.map((connection) => connection.close())).then(() => {});
      return closed;
    },
  };
}
