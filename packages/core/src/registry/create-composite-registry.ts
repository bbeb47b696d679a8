import type { ToolDefinition } from '../tool/tool-definition.js';
import { assertUniqueNames } from './assert-unique-names.js';
import type { ToolRegistry } from './tool-registry.js';

/**
 * Registries concatenated in order. Names must stay unique across all of them: checked when built
 * and again whenever a member's list changes (an MCP server's list_changed).
 */
export function createCompositeRegistry(registries: readonly ToolRegistry[]): ToolRegistry {
  const list = (): readonly ToolDefinition[] => {
    const all = registries.flatMap((registry) => registry.list());
    assertUniqueNames(all);
    return all;
  };
  list();
  return {
    list,
    get: (name) => {
      for (const registry of registries) {
        const definition = registry.get(name);
        if (definition) return definition;
      }
      return undefined;
    },
  };
}
