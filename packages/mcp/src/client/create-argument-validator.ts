import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { type JsonSchemaObject, validateJsonSchemaArguments, valueAtPath } from '@toolgate/core';

/** Checks arguments against a schema; returns the problems (empty when valid). */
export type ArgumentValidator = (value: Readonly<Record<string, unknown>>) => readonly string[];

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}...` : text;
}

/** The path segments of a JSON Pointer (`/a/b~1c` → `a`, `b/c`). */
function pointerSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * A full JSON Schema validator for a server's input schema, through the Ajv the MCP SDK bundles.
 * A schema Ajv cannot compile (an unknown `$schema` dialect, a broken `$ref`) falls back to core's
 * shallow check rather than making the tool unusable.
 */
export function createArgumentValidator(
  ajv: AjvJsonSchemaValidator,
  schema: JsonSchemaObject,
): ArgumentValidator {
  let check: ReturnType<AjvJsonSchemaValidator['getValidator']>;
  try {
    const { $schema: _ignored, ...rest } = schema;
    check = ajv.getValidator(rest as Parameters<AjvJsonSchemaValidator['getValidator']>[0]);
  } catch {
    return (value) => validateJsonSchemaArguments(schema, value);
  }
  return (value) => {
    const result = check(value);
    if (result.valid) return [];
    return (result.errorMessage ?? 'does not match the schema').split(', data').flatMap((part, index) => {
      const text = index === 0 ? part : `data${part}`;
      const match = /^data(\/[^ ]*)? (.*)$/.exec(text);
      if (!match) return [text];
      const pointer = match[1] ?? '';
      const problem = match[2] ?? '';
      if (pointer === '') {
        const required = /^must have required property '(.+)'$/.exec(problem);
        if (required) return [`\`${required[1]}\` is required`];
        if (problem === 'must NOT have additional properties') {
          // Ajv's message does not say which field; core's check names it with a "did you mean".
          const unknown = validateJsonSchemaArguments(schema, value).filter((entry) =>
            entry.startsWith('unknown field'),
          );
          if (unknown.length > 0) return unknown;
        }
        return [`arguments ${problem}`];
      }
      return [
        `\`${pointer.slice(1).replace(/\//g, '.')}\` ${problem}; got ${describe(valueAtPath(value, pointerSegments(pointer)))}`,
      ];
    });
  };
}
