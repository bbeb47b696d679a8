import { createHash } from 'node:crypto';

/** Longest wire name (the strictest common limit of model providers). */
export const MAX_MCP_TOOL_NAME_LENGTH = 64;

function sanitize(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_-]/g, '_');
  return cleaned === '' ? '_' : cleaned;
}

/**
 * The wire name of a merged MCP tool: `mcp__<server>__<tool>`, every character outside
 * `[A-Za-z0-9_-]` replaced by `_`, runs of `_` in the server part collapsed so the `__`
 * separators stay unambiguous. Names over 64 characters are cut and end in `_` plus the first
 * 8 hex digits of the SHA-1 of the original server and tool names, so they stay stable and distinct.
 */
export function toMcpToolName(server: string, tool: string): string {
  const name = `mcp__${sanitize(server).replace(/__+/g, '_')}__${sanitize(tool)}`;
  if (name.length <= MAX_MCP_TOOL_NAME_LENGTH) return name;
  const hash = createHash('sha1').update(`${server}\u0000${tool}`).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_MCP_TOOL_NAME_LENGTH - hash.length - 1)}_${hash}`;
}
