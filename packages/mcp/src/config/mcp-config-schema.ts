/** How toolgate talks to one MCP server. */
export type McpTransportType = 'stdio' | 'http' | 'sse';

/** A server started as a child process and spoken to over its stdin/stdout. */
export interface McpStdioServerConfig {
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

/** A remote server over Streamable HTTP (`http`) or the legacy HTTP+SSE transport (`sse`). */
export interface McpRemoteServerConfig {
  readonly type: 'http' | 'sse';
  /** The endpoint URL. */
  readonly url: string;
  /** Extra request headers (e.g. `Authorization`). @default {} */
  readonly headers: Readonly<Record<string, string>>;
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
