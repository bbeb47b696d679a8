export { createFileTokenStore } from './auth/create-file-token-store.js';
export {
  DEFAULT_REDIRECT_URL,
  type McpAuthOptions,
  type McpAuthorize,
} from './auth/mcp-oauth-provider.js';
export { type McpStoredAuthorization, type McpTokenStore, tokenStoreKey } from './auth/mcp-token-store.js';
export { createFileToolPins } from './client/create-file-tool-pins.js';
export { type CreateMcpToolsOptions, createMcpTools, type McpTools } from './client/create-mcp-tools.js';
export {
  type ElicitationFieldSchema,
  type ElicitationFormSchemaOptions,
  elicitationFormSchema,
} from './client/elicitation-form-schema.js';
export type {
  McpElicitationAnswer,
  McpElicitationField,
  McpElicitationRequest,
  McpElicitationValue,
  McpElicitor,
} from './client/mcp-elicitation.js';
export type { McpErrorCode } from './client/mcp-error-codes.js';
export type { McpCallProgress } from './client/mcp-server-connection.js';
export type { McpServerState, McpServerStatus, McpSkippedTool } from './client/mcp-server-status.js';
export type { McpToolOutput } from './client/mcp-tool-output.js';
export { type McpToolPins, pinKey, toolDigest } from './client/mcp-tool-pins.js';
export { MAX_MCP_TOOL_NAME_LENGTH, toMcpToolName } from './client/to-mcp-tool-name.js';
export { type LoadMcpConfigOptions, loadMcpConfig } from './config/load-mcp-config.js';
export type {
  McpConfig,
  McpOAuthConfig,
  McpRemoteServerConfig,
  McpServerConfig,
  McpServersConfig,
  McpServerTimeouts,
  McpStdioServerConfig,
  McpTransportType,
} from './config/mcp-config-schema.js';
export { type ParseMcpConfigOptions, parseMcpConfig } from './config/parse-mcp-config.js';
export { type MessageEnvelope, MessageEnvelopeScanner } from './json-rpc/message-envelope-scanner.js';
export {
  type CreateMcpServerOptions,
  createMcpServer,
  type ToolgateMcpServer,
} from './server/create-mcp-server.js';
export {
  createStdioServerTransport,
  type StdioServerTransportOptions,
} from './server/create-stdio-server-transport.js';
export {
  type McpHttpEndpoint,
  type McpHttpSession,
  type ServeOverHttpOptions,
  serveOverHttp,
} from './server/serve-over-http.js';
export { toMcpCallResult } from './server/to-mcp-call-result.js';
export { toMcpTool } from './server/to-mcp-tool.js';
