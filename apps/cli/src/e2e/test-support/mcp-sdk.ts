import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

// apps/cli does not depend on the MCP SDK (only packages/mcp may); the tests borrow the copy
// installed for packages/mcp, as a real MCP client would be a separate program anyway.
const mcpPackage = resolve(import.meta.dirname, '../../../../../packages/mcp/package.json');
const requireFromMcp = createRequire(mcpPackage);

/** The few SDK client shapes the tests use. */
export interface McpClient {
  connect(transport: unknown): Promise<void>;
  listTools(): Promise<{ tools: { name: string; annotations?: Record<string, unknown> }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{
    content: { type: string; text?: string }[];
    isError?: boolean;
    structuredContent?: unknown;
  }>;
  close(): Promise<void>;
}

type ClientConstructor = new (info: { name: string; version: string }, options?: unknown) => McpClient;
type TransportConstructor = new (options: {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
  stderr?: 'pipe' | 'inherit' | 'ignore';
}) => unknown;

/** The SDK's `Client` and `StdioClientTransport`. */
export function loadMcpClientSdk(): {
  Client: ClientConstructor;
  StdioClientTransport: TransportConstructor;
} {
  const { Client } = requireFromMcp('@modelcontextprotocol/sdk/client/index.js') as {
    Client: ClientConstructor;
  };
  const { StdioClientTransport } = requireFromMcp('@modelcontextprotocol/sdk/client/stdio.js') as {
    StdioClientTransport: TransportConstructor;
  };
  return { Client, StdioClientTransport };
}

/** The SDK's `StreamableHTTPClientTransport`, for a client of `toolgate mcp --http`. */
export function loadMcpHttpTransport(): new (
  url: URL,
  options?: { requestInit?: { headers?: Record<string, string> } },
) => unknown {
  const { StreamableHTTPClientTransport } = requireFromMcp(
    '@modelcontextprotocol/sdk/client/streamableHttp.js',
  ) as {
    StreamableHTTPClientTransport: new (
      url: URL,
      options?: { requestInit?: { headers?: Record<string, string> } },
    ) => unknown;
  };
  return StreamableHTTPClientTransport;
}

/** The entry point of `@modelcontextprotocol/server-everything` (a real MCP server to merge). */
export function everythingServerEntry(): string {
  const manifest = requireFromMcp.resolve('@modelcontextprotocol/server-everything/package.json');
  return join(dirname(manifest), 'dist', 'index.js');
}

/** A fixture MCP server script of packages/mcp (`raw-server.mjs`, `fixture-server.mjs`). */
export function mcpFixtureScript(name: string): string {
  return join(dirname(mcpPackage), 'src', 'test-support', 'fixtures', name);
}
