import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaObject, ToolAnnotations, ToolKind } from '@toolgate/core';

/** Kind, annotations and description of a merged tool, from what the server listed. */
export interface McpToolShape {
  readonly description: string;
  readonly inputSchema: JsonSchemaObject;
  readonly kind: ToolKind;
  readonly annotations: ToolAnnotations;
}

/**
 * Maps a server's tool onto toolgate's registration surface. The schema and description are kept
 * as the server sent them; `readOnlyHint: true` makes the tool `read`, anything else `other`. A
 * tool that is not marked read-only is `destructive` unless the server says otherwise (MCP's own
 * defaults), so approval treats an unannotated tool as one that may do anything.
 */
export function toMcpToolShape(server: string, tool: McpTool): McpToolShape {
  const hints = tool.annotations ?? {};
  const readOnly = hints.readOnlyHint === true;
  const title = tool.title ?? hints.title;
  const annotations: ToolAnnotations = {
    ...(title === undefined ? {} : { title }),
    readOnly,
    destructive: readOnly ? false : (hints.destructiveHint ?? true),
    ...(hints.idempotentHint === undefined ? {} : { idempotent: hints.idempotentHint }),
    ...(hints.openWorldHint === undefined ? {} : { openWorld: hints.openWorldHint }),
  };
  const description =
    tool.description?.trim() || title?.trim() || `Tool "${tool.name}" of MCP server "${server}".`;
  return {
    description,
    inputSchema: { ...(tool.inputSchema as Record<string, unknown>), type: 'object' } as JsonSchemaObject,
    kind: readOnly ? 'read' : 'other',
    annotations,
  };
}
