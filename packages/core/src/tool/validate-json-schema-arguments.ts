import { clipText } from '../text/clip-text.js';
import { findClosestMatch } from '../text/closest-match.js';
import type { JsonSchemaObject } from './tool-definition.js';

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function matchesType(value: unknown, expected: unknown): boolean {
  const types = Array.isArray(expected) ? expected : [expected];
  const actual = typeOf(value);
  return types.some((type) => type === actual || (type === 'number' && actual === 'integer'));
}

/**
 * A shallow check of arguments against a JSON Schema: required properties, the declared type and
 * `enum` of each top-level property, and `additionalProperties: false`. Hosts with a full
 * validator (the MCP SDK ships Ajv) pass their own; this keeps core free of one.
 */
export function validateJsonSchemaArguments(
  schema: JsonSchemaObject,
  value: Readonly<Record<string, unknown>>,
): string[] {
  const problems: string[] = [];
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const known = Object.keys(properties);
  for (const name of schema.required ?? []) {
    if (!Object.hasOwn(value, name) || value[name] === undefined) problems.push(`\`${name}\` is required`);
  }
  for (const [name, field] of Object.entries(value)) {
    // Own properties only: `constructor` or `__proto__` must not find Object.prototype's members.
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (property === undefined) {
      if (schema.additionalProperties === false) {
        const closest = findClosestMatch(name, known);
        problems.push(`unknown field \`${name}\`${closest ? ` — did you mean \`${closest}\`?` : ''}`);
      }
      continue;
    }
    if (property.type !== undefined && !matchesType(field, property.type)) {
      problems.push(
        `\`${name}\` expected ${JSON.stringify(property.type)}, got ${typeOf(field)} ${clipText(JSON.stringify(field) ?? '', 60)}`,
      );
    } else if (Array.isArray(property.enum) && !property.enum.some((entry) => entry === field)) {
      problems.push(
        `\`${name}\` must be one of ${property.enum.map((entry) => JSON.stringify(entry)).join(', ')}; got ${clipText(JSON.stringify(field) ?? '', 60)}`,
      );
    }
  }
  return problems;
}
