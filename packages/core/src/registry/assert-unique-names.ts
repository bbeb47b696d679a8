import { DuplicateToolError } from '../errors/toolgate-error.js';
import { isBuiltInToolName } from '../tool/built-in-tool-names.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { describeSource } from './describe-source.js';

/**
 * Throws when two definitions share a name (naming both sources) or a tool that is not built-in
 * claims a built-in name. Nothing is ever silently shadowed.
 */
export function assertUniqueNames(definitions: Iterable<ToolDefinition>): void {
  const seen = new Map<string, ToolDefinition>();
  for (const definition of definitions) {
    if (definition.source.type !== 'built-in' && isBuiltInToolName(definition.name)) {
      throw new DuplicateToolError(
        `Tool name "${definition.name}" from ${describeSource(definition.source)} is reserved for a built-in tool.`,
      );
    }
    const earlier = seen.get(definition.name);
    if (earlier) {
      throw new DuplicateToolError(
        `Duplicate tool name "${definition.name}": provided by ${describeSource(earlier.source)} and by ${describeSource(definition.source)}.`,
      );
    }
    seen.set(definition.name, definition);
  }
}
