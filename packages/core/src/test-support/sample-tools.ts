import { z } from 'zod';
import type { ToolApproval } from '../approval/tool-approval.js';
import { toolSuccess } from '../result/tool-result.js';
import { defineJsonSchemaTool } from '../tool/define-json-schema-tool.js';
import { defineTool } from '../tool/define-tool.js';
import { type AnyTool, implementTool } from '../tool/tool.js';
import type { ToolAnnotations, ToolSource } from '../tool/tool-definition.js';

const SAMPLE_INPUT = z.object({
  action: z.string().optional(),
  command: z.string().optional(),
  patch: z.string().optional(),
});

/** A tool that answers `{tool, input}`, for registry, policy and approval tests. */
export function sampleTool(
  name: string,
  options: {
    annotations?: ToolAnnotations;
    source?: ToolSource;
    approval?: ToolApproval<z.output<typeof SAMPLE_INPUT>>;
  } = {},
): AnyTool {
  const spec = defineTool({
    name,
    description: `Sample ${name}.`,
    input: SAMPLE_INPUT,
    annotations: options.annotations ?? {},
    source: options.source ?? { type: 'built-in' },
    ...(options.approval ? { approval: options.approval } : {}),
  });
  return implementTool(spec, { execute: async (input) => toolSuccess({ tool: name, input }) });
}

/** A tool defined from a raw JSON Schema, as MCP tools arrive. */
export function jsonSchemaTool(name: string, server: string): AnyTool {
  const spec = defineJsonSchemaTool({
    name,
    description: `Remote ${name}.`,
    inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    source: { type: 'mcp', server, originalName: name },
  });
  return implementTool(spec, { execute: async (input) => toolSuccess(input) });
}
