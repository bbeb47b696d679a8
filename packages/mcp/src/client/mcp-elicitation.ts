import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import { escapeControlCharacters } from '@toolgate/core';

/** A value a person gives for one field of a server's form. */
export type McpElicitationValue = string | number | boolean | readonly string[];

/** One field of a server's form, read from its `requestedSchema` (texts escaped for a terminal). */
export interface McpElicitationField {
  /** The key the answer uses. */
  readonly name: string;
  /** What to show: the field's title, or its name. */
  readonly title: string;
  /** The server's description of the field. */
  readonly description?: string;
  /** Whether the form cannot be accepted without it. */
  readonly required: boolean;
  /** `choice` is one of `choices`, `choices` any number of them (SEP-1330). */
  readonly type: 'string' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices';
  /** For `choice` and `choices`: each value with the label to show (the value when none is given). */
  readonly choices?: readonly { readonly value: string; readonly label: string }[];
  /** The server's default (SEP-1034): used when the person leaves the field empty. */
  readonly default?: McpElicitationValue;
}

/** A server's `elicitation/create` form, as the host's approver UI shows it to the person. */
export interface McpElicitationRequest {
  /** The configured name of the server that asks. */
  readonly server: string;
  /** The server's message (escaped for a terminal). */
  readonly message: string;
  /** The form's fields, in the server's order. */
  readonly fields: readonly McpElicitationField[];
}

/** The person's answer: the form's values (missing ones take their defaults), or no answer. */
export type McpElicitationAnswer =
  | { readonly action: 'accept'; readonly content: Readonly<Record<string, McpElicitationValue>> }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel' };

/**
 * Supplied by the host: shows a server's form to the person during a call and returns their
 * answer. It is the call's own interaction, not an approval of the call. An aborted signal means
 * the call ended; answer `cancel`.
 */
export type McpElicitor = (
  request: McpElicitationRequest,
  signal: AbortSignal,
) => Promise<McpElicitationAnswer>;

type RequestedSchema = ElicitRequestFormParams['requestedSchema'];
type PropertySchema = RequestedSchema['properties'][string];

function text(value: string): string {
  return escapeControlCharacters(value, { keepLineFeeds: true });
}

function toField(name: string, schema: PropertySchema, required: boolean): McpElicitationField {
  const base = {
    name,
    title: text(schema.title ?? name),
    ...(schema.description === undefined ? {} : { description: text(schema.description) }),
    required,
    ...(schema.default === undefined ? {} : { default: schema.default }),
  };
  if (schema.type === 'array') {
    const items = schema.items;
    const choices =
      'anyOf' in items
        ? items.anyOf.map((choice) => ({ value: choice.const, label: text(choice.title) }))
        : items.enum.map((value) => ({ value, label: text(value) }));
    return { ...base, type: 'choices', choices };
  }
  if (schema.type === 'string' && 'oneOf' in schema) {
    return {
      ...base,
      type: 'choice',
      choices: schema.oneOf.map((choice) => ({ value: choice.const, label: text(choice.title) })),
    };
  }
  if (schema.type === 'string' && 'enum' in schema) {
    const names = 'enumNames' in schema ? schema.enumNames : undefined;
    return {
      ...base,
      type: 'choice',
      choices: schema.enum.map((value, index) => ({ value, label: text(names?.[index] ?? value) })),
    };
  }
  return { ...base, type: schema.type };
}

/** The form of an `elicitation/create` request as fields. */
export function toElicitationRequest(server: string, params: ElicitRequestFormParams): McpElicitationRequest {
  const required = new Set(params.requestedSchema.required ?? []);
  return {
    server,
    message: text(params.message),
    fields: Object.entries(params.requestedSchema.properties).map(([name, schema]) =>
      toField(name, schema, required.has(name)),
    ),
  };
}

function fits(field: McpElicitationField, value: McpElicitationValue): boolean {
  const allowed = new Set(field.choices?.map((choice) => choice.value));
  switch (field.type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'choice':
      return typeof value === 'string' && allowed.has(value);
    case 'choices':
      return Array.isArray(value) && value.every((entry) => allowed.has(entry));
  }
}

/**
 * The content sent back for an accepted form: the person's values for the form's own fields,
 * defaults for the ones left out (SEP-1034). Undefined when a value does not fit its field or a
 * required field has neither value nor default: such an answer is not sent (fail closed).
 */
export function acceptedContent(
  request: McpElicitationRequest,
  given: Readonly<Record<string, McpElicitationValue>>,
): Record<string, McpElicitationValue> | undefined {
  const content: Record<string, McpElicitationValue> = {};
  for (const field of request.fields) {
    const value = Object.hasOwn(given, field.name) ? given[field.name] : field.default;
    if (value === undefined) {
      if (field.required) return undefined;
      continue;
    }
    if (!fits(field, value)) return undefined;
    content[field.name] = value;
  }
  return content;
}
