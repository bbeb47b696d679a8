import type { McpTransportType } from '../config/mcp-config-schema.js';

/** The state of one configured server. */
export type McpServerState = 'connecting' | 'connected' | 'error' | 'disabled';

/** A tool a server offered that was not merged, and why. */
export interface McpSkippedTool {
  /** The server's own tool name. */
  readonly originalName: string;
  /** Why it was left out (e.g. its wire name collides with another tool). */
  readonly reason: string;
}

/** What `status()` reports for each configured server, in config order. */
export interface McpServerStatus {
  /** The server's name in the config. */
  readonly server: string;
  /** How it is reached. */
  readonly transport: McpTransportType;
  /** `connected`, `error` (see `reason`), `disabled` (by config) or `connecting` (still starting). */
  readonly state: McpServerState;
  /** Why the server is in `error` or `disabled`, with the tail of a stdio server's stderr when useful. */
  readonly reason?: string;
  /** Wire names of the tools merged from this server. */
  readonly tools: readonly string[];
  /** Tools the server offered that were not merged. */
  readonly skippedTools: readonly McpSkippedTool[];
  /**
   * Tools (server names) whose definition differs from the one pinned when the server was
   * trusted, or that were not there then: they ask before every call until `trustTools`.
   */
  readonly changedTools: readonly string[];
  /** `name` and `version` the server reported, once connected. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
}
