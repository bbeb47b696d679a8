import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';

const spec = defineTool({
  name: 'read_file',
  description: 'Reads a file.',
  input: z.object({
    path: z.string().describe('File path.'),
    startLine: z.number().int().min(1).optional(),
    mode: z.enum(['a', 'b']).optional(),
  }),
  kind: 'read',
  annotations: { readOnly: true },
});

describe('defineTool', () => {
  it('produces an inlined object JSON Schema that refuses unknown properties', () => {
    expect(spec.definition).toEqual({
      name: 'read_file',
      description: 'Reads a file.',
      kind: 'read',
      annotations: { readOnly: true },
      source: { type: 'built-in' },
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          path: { type: 'string', description: 'File path.' },
          startLine: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
          mode: { type: 'string', enum: ['a', 'b'] },
        },
        required: ['path'],
      },
    });
  });

  it('quotes the offending value and names missing fields', () => {
    expect(spec.parseArguments({ startLine: 'ten', mode: 'c' })).toEqual({
      ok: false,
      message:
        'Invalid arguments for read_file: `path` is required (expected string); `startLine`: expected number, received string; got string "ten"; `mode` must be one of "a", "b"; got string "c".',
    });
    expect(spec.parseArguments({ path: 'a', startLine: 0.5 })).toEqual({
      ok: false,
      message: 'Invalid arguments for read_file: `startLine`: expected int, received number; got number 0.5.',
    });
  });
});
