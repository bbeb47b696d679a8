import type { ToolDefinition } from '../tool/tool-definition.js';
import { assertUniqueNames } from './assert-unique-names.js';
import type { ToolRegistry } from './tool-registry.js';

/** A fixed registry. Throws on duplicate or reserved names. */
export function createStaticRegistry(definitions: readonly ToolDefinition[]): ToolRegistry {
  assertUniqueNames(definitions);
  const list = [...definitions];
  const byName = new Map(list.map((definition) => [definition.name, definition]));
  return { list: () => list, get: (name) => byName.get(name) };
}
