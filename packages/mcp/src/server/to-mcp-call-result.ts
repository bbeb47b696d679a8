import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { serializeToolResult, type ToolCall, type ToolResult } from '@toolgate/core';
import { capText } from '../internal/cap-text.js';

/**
 * A toolgate result as an MCP `tools/call` result: the serialized text the model would read
 * (capped at `maxChars`) as text content. A success also carries `structuredContent`: the output
 * when it is an object, `{ result: output }` for arrays and other non-string values; it is left out
 * for string outputs and for text that had to be cut. Failures and rejections are `isError: true`.
 */
export function toMcpCallResult(
  result: ToolResult,
  call: Pick<ToolCall, 'id' | 'name'>,
  maxChars: number,
  note?: string,
): CallToolResult {
  const serialized = serializeToolResult(result, call);
  const full = note === undefined ? serialized : `${serialized}\n${note}`;
  const text = capText(full, maxChars);
  if (result.status !== 'success') return { content: [{ type: 'text', text }], isError: true };
  const output = result.output;
  const structuredContent =
    typeof output === 'string' || output === undefined || text !== full
      ? undefined
      : output !== null && typeof output === 'object' && !Array.isArray(output)
        ? (output as Record<string, unknown>)
        : { result: output };
  return {
    content: [{ type: 'text', text }],
    ...(structuredContent === undefined ? {} : { structuredContent }),
  };
}
