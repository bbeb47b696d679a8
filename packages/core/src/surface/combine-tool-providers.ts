import { assertUniqueNames } from '../registry/assert-unique-names.js';
import { concatenateLookups } from '../registry/concatenate-lookups.js';
import type { AnyTool } from '../tool/tool.js';
import type { ToolProvider } from './tool-provider.js';

/**
 * One live provider over several (built-in tools, then each MCP server's tools), so a single
 * `createToolSurface` gates them all. Names must stay unique: checked when built and whenever the
 * list is read, since an MCP server's tools may change.
 */
export function combineToolProviders(providers: readonly ToolProvider[]): ToolProvider {
  return concatenateLookups(providers, (tool) => tool.definition);
}

/** A fixed list of tools as a provider. Throws on duplicate or reserved names. */
export function toToolProvider(tools: readonly AnyTool[]): ToolProvider {
  assertUniqueNames(tools.map((tool) => tool.definition));
  const list = [...tools];
  const byName = new Map(list.map((tool) => [tool.definition.name, tool]));
  return { list: () => list, get: (name) => byName.get(name) };
}
