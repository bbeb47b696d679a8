import type { ToolDefinition } from '../tool/tool-definition.js';

/** The registration surface: what the model sees, in a stable order. */
export interface ToolRegistry {
  /** Every definition, in registration order. */
  list(): readonly ToolDefinition[];
  /** The definition with exactly this name. */
  get(name: string): ToolDefinition | undefined;
}
