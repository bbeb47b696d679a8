import type { OutputSpill, ToolProvider } from '@toolgate/core';
import type { McpElicitor, McpServerConfig, McpServersConfig } from '@toolgate/mcp';
import { mcpTokenFile } from '../config/mcp-token-file.js';
import { mcpToolPinsFile } from '../config/mcp-tool-pins-file.js';
import { stripWorkspaceFromPath } from '../hooks/strip-workspace-from-path.js';
import { currentTraceparent } from '../telemetry/trace-context.js';

/** The MCP side of a session, loaded only when servers are configured. */
export interface SessionMcp {
  /** The servers' tools, live. */
  readonly provider: ToolProvider;
  /** One line per server for humans (`mcp server "docs": connected, 3 tools`). */
  statusLines(): readonly string[];
  /** Resolves once every server is connected, failed or disabled. */
  readonly ready: Promise<void>;
  /** Disconnects every server and stops the stdio ones. */
  close(): Promise<void>;
}

/** Options for {@link loadMcpTools}. */
export interface LoadMcpToolsOptions {
  /** Directory stdio servers start in (the workspace root). */
  readonly cwd: string;
  /** Receives what stdio servers write to stderr. @default discarded */
  readonly stderr?: (server: string, chunk: string) => void;
  /**
   * Whether loading waits for every server to connect or fail. Without waiting, the servers' tools
   * appear as each connects (see `onToolsChanged`). @default true
   */
  readonly waitForServers?: boolean;
  /** Shows a server's elicitation form to the person. @default none: not declared */
  readonly elicit?: McpElicitor;
  /** The environment whose state directory holds MCP tokens and tool pins. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Called when a server's tools change (it connected, re-listed or failed). @default nothing */
  readonly onToolsChanged?: () => void;
  /**
   * Servers the host was given directly (an ACP client's `session/new`), started next to the
   * file's; one with the name of a file's server replaces it. @default none
   */
  readonly servers?: McpServersConfig;
  /**
   * Why a server may not start (a managed allowlist), or `undefined` when it may; a refused server
   * is never started and shows as `refused` in the status lines. @default every server may start
   */
  readonly refuse?: (name: string, server: McpServerConfig) => string | undefined;
  /** Where a result over its cap is kept whole (the session's spill). @default none: it is cut */
  readonly outputSpill?: OutputSpill;
}

/**
 * Reads the MCP servers file (when given), adds `options.servers`, and connects to them all at
 * once, each within a short start-up bound. The MCP SDK is imported only here, so sessions without
 * servers never load it. A bad file throws (the CLI exits 2); a server that fails to start costs
 * only its own tools and shows in {@link SessionMcp.statusLines}.
 */
export async function loadMcpTools(
  file: string | undefined,
  options: LoadMcpToolsOptions,
): Promise<SessionMcp> {
  const { createFileTokenStore, createFileToolPins, createMcpTools, loadMcpConfig } = await import(
    '@toolgate/mcp'
  );
  const loaded = file === undefined ? {} : (await loadMcpConfig(file)).mcpServers;
  // A file's stdio server looks its command up on a PATH without the workspace's directories
  // (unless the file sets PATH itself, which trust judges): nothing the model writes runs instead.
  const path = stripWorkspaceFromPath(process.env.PATH, options.cwd);
  const fromFile = Object.fromEntries(
    Object.entries(loaded).map(([name, server]) => [
      name,
      server.type === 'stdio' && server.env.PATH === undefined
        ? { ...server, env: { ...server.env, PATH: path } }
        : server,
    ]),
  );
  const refused: string[] = [];
  const servers = Object.fromEntries(
    Object.entries({ ...fromFile, ...options.servers }).filter(([name, server]) => {
      const why = options.refuse?.(name, server);
      if (why !== undefined) refused.push(`mcp server ${JSON.stringify(name)}: refused (${why})`);
      return why === undefined;
    }),
  );
  const mcp = await createMcpTools({
    servers,
    cwd: options.cwd,
    // The running call's trace context, when traces are on.
    requestMeta: () => {
      const traceparent = currentTraceparent();
      return traceparent === undefined ? undefined : { traceparent };
    },
    waitForServers: options.waitForServers ?? true,
    // Tokens `toolgate mcp login` saved, by server URL; a session never opens a browser itself.
    auth: { store: createFileTokenStore(mcpTokenFile(options.env ?? process.env)) },
    loginHint: (server) => `run "toolgate mcp login ${server}"`,
    // Definitions are pinned on first sight; a changed one asks until `toolgate mcp trust <server>`.
    ...(options.elicit ? { elicit: options.elicit } : {}),
    pins: createFileToolPins(mcpToolPinsFile(options.env ?? process.env)),
    ...(options.stderr ? { stderr: options.stderr } : {}),
    ...(options.onToolsChanged ? { onToolsChanged: options.onToolsChanged } : {}),
    ...(options.outputSpill ? { outputSpill: options.outputSpill } : {}),
  });
  return {
    provider: mcp.tools,
    ready: mcp.ready,
    statusLines: () => [
      ...mcp.status().map((status) => {
        const tools = `${status.tools.length} tool${status.tools.length === 1 ? '' : 's'}`;
        const changed =
          status.changedTools.length === 0
            ? ''
            : ` (changed since trusted, they ask: ${status.changedTools.join(', ')}; run "toolgate mcp trust ${status.server}" to accept)`;
        const detail = status.state === 'connected' ? `${tools}${changed}` : (status.reason ?? status.state);
        return `mcp server ${JSON.stringify(status.server)}: ${status.state}${status.state === 'connected' ? `, ${detail}` : ` (${detail})`}`;
      }),
      ...refused,
    ],
    close: () => mcp.close(),
  };
}
