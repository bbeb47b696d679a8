import type { McpElicitationField } from './mcp-elicitation.js';

/** How to write the form's choices: titled (`oneOf`/`anyOf` of const and title, MCP 2025-11-25 and ACP) or `enum` with `enumNames`. */
export interface ElicitationFormSchemaOptions {
  readonly titledChoices: boolean;
}

/** One field's schema: a JSON Schema of one primitive type (or an array of choices). */
export interface ElicitationFieldSchema {
  readonly type: string;
  readonly [key: string]: unknown;
}

function fieldSchema(field: McpElicitationField, titled: boolean): ElicitationFieldSchema {
  const base = {
    title: field.title,
    ...(field.description === undefined ? {} : { description: field.description }),
    ...(field.default === undefined ? {} : { default: field.default }),
  };
  const choices = field.choices ?? [];
  const options = choices.map((choice) => ({ const: choice.value, title: choice.label }));
  switch (field.type) {
    case 'choice':
      return titled
        ? { type: 'string', ...base, oneOf: options }
        : {
            type: 'string',
            ...base,
            enum: choices.map((choice) => choice.value),
            enumNames: choices.map((choice) => choice.label),
          };
    case 'choices':
      return {
        type: 'array',
        ...base,
        items: titled ? { anyOf: options } : { type: 'string', enum: choices.map((choice) => choice.value) },
      };
    default:
      return { type: field.type, ...base };
  }
}

/**
 * A server's form written out again as a flat object schema, for a host that relays it to its own
 * client: an MCP client of `toolgate mcp`, or an editor over ACP (`elicitation/create`).
 */
export function elicitationFormSchema(
  fields: readonly McpElicitationField[],
  options: ElicitationFormSchemaOptions,
): {
  readonly type: 'object';
  readonly properties: Record<string, ElicitationFieldSchema>;
  readonly required: string[];
} {
  return {
    type: 'object',
    properties: Object.fromEntries(
      fields.map((field) => [field.name, fieldSchema(field, options.titledChoices)]),
    ),
    required: fields.filter((field) => field.required).map((field) => field.name),
  };
}
