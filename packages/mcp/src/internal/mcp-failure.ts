import { type ToolFailureBuilder, toolFailure } from '@toolgate/core';
import type { McpErrorCode } from '../client/mcp-error-codes.js';

/**
 * Every failure a merged MCP tool returns is built here, so a code outside {@link McpErrorCode}
 * (or core's `aborted`) does not compile.
 */
export const mcpFailure: ToolFailureBuilder<McpErrorCode | 'aborted'> = toolFailure;
