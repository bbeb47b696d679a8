/**
 * What the model sees of a tool: the registration surface (docs/architecture.md, "Surfaces").
 */

/** ACP's tool kinds, used by hosts to pick icons and by approval summaries. */
export type ToolKind =
  | 'read'
  | 'edit'
  | 'delete'
  | 'move'
  | 'search'
  | 'execute'
  | 'think'
  | 'fetch'
  | 'other';

/** The tool kinds, in ACP's order. */
export const TOOL_KINDS: readonly ToolKind[] = [
  'read',
  'edit',
  'delete',
  'move',
  'search',
  'execute',
  'think',
  'fetch',
  'other',
];

/** MCP's behaviour hints. Hints, not guarantees: approval treats a missing hint as "may do anything". */
export interface ToolAnnotations {
  /** Human-readable title. */
  readonly title?: string;
  /** The tool does not modify its environment. */
  readonly readOnly?: boolean;
  /** The tool may perform destructive updates (meaningful only when not read-only). */
  readonly destructive?: boolean;
  /** Calling the tool twice with the same arguments has no further effect. */
  readonly idempotent?: boolean;
  /** The tool may interact with an open world of external entities. */
  readonly openWorld?: boolean;
}

/** Where a tool came from. */
export type ToolSource =
  | { readonly type: 'built-in' }
  | { readonly type: 'mcp'; readonly server: string; readonly originalName: string }
  | { readonly type: 'delegate' }
  | { readonly type: 'subagent' }
  | { readonly type: 'custom'; readonly provider?: string };

/** A JSON Schema object as sent to a model: `type: "object"` at the top, no `$ref`. */
export interface JsonSchemaObject {
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | Readonly<Record<string, unknown>>;
  readonly [keyword: string]: unknown;
}

/** The registration surface of one tool. */
export interface ToolDefinition {
  /** Wire name, `^[a-zA-Z0-9_-]{1,64}$`, unique within a surface. */
  readonly name: string;
  /** Model-facing description. */
  readonly description: string;
  /** JSON Schema of the arguments object (inlined, no `$ref`). */
  readonly inputSchema: JsonSchemaObject;
  /** ACP tool kind. */
  readonly kind: ToolKind;
  /** MCP behaviour hints. */
  readonly annotations: ToolAnnotations;
  /** Where the tool came from. */
  readonly source: ToolSource;
}
