import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolPresentation } from '@toolgate/core';
import type { McpToolOutput } from './mcp-tool-output.js';

const MAX_SUMMARY = 100;

function firstString(input: Readonly<Record<string, unknown>>): string | undefined {
  return Object.values(input).find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
}

/**
 * How a server's tool is shown to people: by the title the server gave it (`title`, else
 * `annotations.title`), else `<server> › <tool>`, with its first string argument; its success by
 * the first line of the text it sent, and that text when it is longer. Its kind comes from `readOnlyHint`
 * (`toMcpToolShape`).
 */
export function mcpToolPresentation(
  server: string,
  tool: McpTool,
): ToolPresentation<Readonly<Record<string, unknown>>, McpToolOutput> {
  const label = tool.title ?? tool.annotations?.title ?? `${server} › ${tool.name}`;
  return {
    call(input) {
      const first = firstString(input);
      return { title: first === undefined ? label : `${label}: ${first}` };
    },
    result(output) {
      const text =
        typeof output === 'string'
          ? output
          : output.text || JSON.stringify(output.structuredContent, null, 2);
      const said = typeof output === 'string' ? output : output.text;
      const line = said.split('\n', 1)[0]?.trim() ?? '';
      const summary =
        line === '' ? 'done' : line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line;
      // A one-line answer is its own summary.
      return summary === text || text === '' ? { summary } : { summary, text };
    },
  };
}
