import type { JSONSchema7, LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { ToolDefinition } from '@toolgate/core';

/**
 * The surface's definitions as the provider interface's function tools: the model only sees them;
 * every call runs through the gated surface, whose own validation answers bad arguments.
 */
export function toModelTools(definitions: readonly ToolDefinition[]): LanguageModelV4FunctionTool[] {
  return definitions.map((definition) => ({
    type: 'function',
    name: definition.name,
    description: definition.description,
    inputSchema: definition.inputSchema as JSONSchema7,
  }));
}
