import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition, ToolKind } from '@toolgate/core';

type Hints = NonNullable<McpTool['annotations']>;

const KIND_HINTS: Readonly<Record<ToolKind, Hints>> = {
  read: { readOnlyHint: true },
  search: { readOnlyHint: true },
  think: { readOnlyHint: true },
  fetch: { readOnlyHint: true, openWorldHint: true },
  edit: { readOnlyHint: false, destructiveHint: true },
  delete: { readOnlyHint: false, destructiveHint: true },
  move: { readOnlyHint: false, destructiveHint: true },
  execute: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  other: {},
};

/**
 * A toolgate definition as an MCP tool: the same name, description and JSON Schema; MCP hints from
 * the definition's annotations, filled in from its kind where the annotations say nothing. No
 * `outputSchema` is advertised, since a failure carries no structured content to match one.
 */
export function toMcpTool(definition: ToolDefinition): McpTool {
  const { annotations } = definition;
  const hints: Hints = {
    ...KIND_HINTS[definition.kind],
    ...(annotations.title === undefined ? {} : { title: annotations.title }),
    ...(annotations.readOnly === undefined ? {} : { readOnlyHint: annotations.readOnly }),
    ...(annotations.destructive === undefined ? {} : { destructiveHint: annotations.destructive }),
    ...(annotations.idempotent === undefined ? {} : { idempotentHint: annotations.idempotent }),
    ...(annotations.openWorld === undefined ? {} : { openWorldHint: annotations.openWorld }),
  };
  return {
    name: definition.name,
    ...(annotations.title === undefined ? {} : { title: annotations.title }),
    description: definition.description,
    inputSchema: definition.inputSchema as McpTool['inputSchema'],
    ...(Object.keys(hints).length === 0 ? {} : { annotations: hints }),
    _meta: { 'toolgate/kind': definition.kind },
  };
}
