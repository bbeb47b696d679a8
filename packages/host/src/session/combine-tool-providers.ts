import { type AnyTool, assertUniqueNames, type ToolProvider } from '@toolgate/core';

/**
 * One live provider over several (built-in tools, then each MCP server's tools), so a single
 * `createToolSurface` gates them all. Names stay unique: checked whenever the list is read, since
 * an MCP server's tools may change.
 */
export function combineToolProviders(providers: readonly ToolProvider[]): ToolProvider {
  const list = (): readonly AnyTool[] => {
    const all = providers.flatMap((provider) => provider.list());
    assertUniqueNames(all.map((tool) => tool.definition));
    return all;
  };
  list();
  return {
    list,
    get(name) {
      for (const provider of providers) {
        const tool = provider.get(name);
        if (tool) return tool;
      }
      return undefined;
    },
  };
}

/** A fixed list of tools as a provider. */
export function toToolProvider(tools: readonly AnyTool[]): ToolProvider {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  return { list: () => tools, get: (name) => byName.get(name) };
}
