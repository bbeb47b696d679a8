import type { ToolDefinition } from '../tool/tool-definition.js';
import { assertUniqueNames } from './assert-unique-names.js';

/** Anything that lists named entries and finds one by name: a registry, a tool provider. */
export interface NamedLookup<Entry> {
  list(): readonly Entry[];
  get(name: string): Entry | undefined;
}

/**
 * Lookups concatenated in order. Names must stay unique across all of them: checked when built and
 * again whenever the list is read (a member's list may change, as an MCP server's does).
 */
export function concatenateLookups<Entry>(
  parts: readonly NamedLookup<Entry>[],
  definitionOf: (entry: Entry) => ToolDefinition,
): NamedLookup<Entry> {
  const list = (): readonly Entry[] => {
    const all = parts.flatMap((part) => part.list());
    assertUniqueNames(all.map(definitionOf));
    return all;
  };
  list();
  return {
    list,
    get(name) {
      for (const part of parts) {
        const entry = part.get(name);
        if (entry) return entry;
      }
      return undefined;
    },
  };
}
