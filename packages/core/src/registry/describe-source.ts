import type { ToolSource } from '../tool/tool-definition.js';

/** A short human name for where a tool came from (`built-in`, `mcp server "github"`, …). */
export function describeSource(source: ToolSource): string {
  switch (source.type) {
    case 'mcp':
      return `mcp server ${JSON.stringify(source.server)}`;
    case 'custom':
      return source.provider ? `custom (${source.provider})` : 'custom';
    default:
      return source.type;
  }
}
