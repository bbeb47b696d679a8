import { concatenateLookups } from './concatenate-lookups.js';
import type { ToolRegistry } from './tool-registry.js';

/**
 * Registries concatenated in order. Names must stay unique across all of them: checked when built
 * and again whenever a member's list changes (an MCP server's list_changed).
 */
export function createCompositeRegistry(registries: readonly ToolRegistry[]): ToolRegistry {
  return concatenateLookups(registries, (definition) => definition);
}
