/** How toolgate talks to one MCP server. */
export type McpTransportType = 'stdio' | 'http' | 'sse';

/** Time limits of one server, overriding the host's (Codex's `*_sec` keys are read as aliases). */
export interface McpServerTimeouts {
  /** How long the server may take to start, initialize and list its tools. @default the host's (10000) */
  readonly startupTimeoutMs?: number;
  /** How long one tool call may take before it is cancelled. @default the host's (60000) */
  readonly toolTimeoutMs?: number;
}

/** A server started as a child process and spoken to over its stdin/stdout. */
export interface McpStdioServerConfig extends McpServerTimeouts {
  readonly type: 'stdio';
  /** The program to run (looked up on `PATH`). */
  readonly command: string;
  /** Its arguments. @default [] */
  readonly args: readonly string[];
  /**
   * Extra environment variables. The child gets only these plus the SDK's safe defaults
   * (`HOME`, `LOGNAME`, `PATH`, `SHELL`, `TERM`, `USER`), never the host's whole environment.
   * @default {}
   */
  readonly env: Readonly<Record<string, string>>;
  /** Working directory; a relative one resolves against `createMcpTools`' `cwd`. @default that `cwd` */
  readonly cwd?: string;
  /** Listed but not started (status `disabled`). @default false */
  readonly disabled: boolean;
}

/**
 * OAuth settings of a remote server. Without them a server that answers 401 is still logged in to
 * with dynamic client registration (or a client ID metadata document, when `clientMetadataUrl` is
 * set); with `clientId` the client is pre-registered.
 */
export interface McpOAuthConfig {
  /** A client ID registered with the authorization server beforehand. @default registered dynamically */
  readonly clientId?: string;
  /** Its secret, for a confidential client (sent as the server's metadata asks: basic or post). */
  readonly clientSecret?: string;
  /** Scopes to ask for. @default the server's (`WWW-Authenticate`, then `scopes_supported`) */
  readonly scope?: string;
  /** An https URL of a client ID metadata document standing for toolgate. @default none */
  readonly clientMetadataUrl?: string;
}

/** A remote server over Streamable HTTP (`http`) or the legacy HTTP+SSE transport (`sse`). */
export interface McpRemoteServerConfig extends McpServerTimeouts {
  readonly type: 'http' | 'sse';
  /** The endpoint URL. */
  readonly url: string;
  /** Extra request headers (e.g. `Authorization`). @default {} */
  readonly headers: Readonly<Record<string, string>>;
  /** OAuth client settings (see {@link McpOAuthConfig}). @default none: registered dynamically */
  readonly oauth?: McpOAuthConfig;
  /** Listed but not connected (status `disabled`). @default false */
  readonly disabled: boolean;
}

/** One server, normalised: `type` is always present. */
export type McpServerConfig = McpStdioServerConfig | McpRemoteServerConfig;

/** Servers by name, in the file's order. */
export type McpServersConfig = Readonly<Record<string, McpServerConfig>>;

/** A parsed `.mcp.json`. */
export interface McpConfig {
  readonly mcpServers: McpServersConfig;
}
