import type { ToolDefinition } from '@toolgate/core';
import { type JSONSchema7, jsonSchema, type ToolSet, tool } from 'ai';

/**
 * The surface's definitions as AI SDK tools without `execute`: the SDK only describes them to the
 * model and parses its calls; every call runs through the gated surface. The schema is not
 * validated here (no validator given), so the surface's own validation answers bad arguments.
 */
export function toModelTools(definitions: readonly ToolDefinition[]): ToolSet {
  return Object.fromEntries(
    definitions.map((definition) => [
      definition.name,
      tool({
        description: definition.description,
        inputSchema: jsonSchema(definition.inputSchema as JSONSchema7),
      }),
    ]),
  );
}
