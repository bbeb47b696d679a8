import { z } from 'zod';
import type { JsonSchemaObject } from './tool-definition.js';

/**
 * The JSON Schema a model sees for a zod object schema: input side, every definition inlined (no
 * `$ref`), no `$schema` key, unknown properties refused.
 */
export function toJsonSchema(schema: z.ZodObject): JsonSchemaObject {
  const converted = z.toJSONSchema(schema, {
    io: 'input',
    reused: 'inline',
    cycles: 'throw',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  const { $schema: _ignored, ...rest } = converted;
  return { ...rest, type: 'object', additionalProperties: false } as JsonSchemaObject;
}
