import type { ToolProvider } from '@toolgate/core';
import { UsageError } from '../cli/usage-error.js';

/** The MCP side of a session, loaded only when servers are configured. */
export interface SessionMcp {
  /** The servers' tools, live. */
  readonly provider: ToolProvider;
  /** One line per server for humans. */
  statusLines(): readonly string[];
  /** Disconnects every server. */
  close(): Promise<void>;
}

/** Reads the MCP servers file and connects to its servers; imports the MCP SDK only now. */
export async function loadMcpTools(file: string, _cwd: string): Promise<SessionMcp> {
  throw new UsageError(`MCP servers are not supported by this build (${file}).`);
}
