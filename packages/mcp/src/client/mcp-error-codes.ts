/**
 * Failure codes of merged MCP tools, besides core's (`invalid_arguments`, `aborted`, `unknown_tool`,
 * `internal_error`).
 */
export type McpErrorCode =
  /** The server answered with `isError: true` or a JSON-RPC error; the message is the server's text. */
  | 'mcp_tool_error'
  /** The server is not connected: it failed to start, crashed, or its connection was closed. */
  | 'mcp_server_unavailable'
  /** The server did not answer within `callTimeoutMs`; the request was cancelled. */
  | 'mcp_timeout'
  /** The server's answer was over the 10 MiB limit of one MCP message; it was skipped. */
  | 'mcp_result_too_large';
