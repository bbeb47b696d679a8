import { describe, expect, it } from 'vitest';
import { defineJsonSchemaTool } from './define-json-schema-tool.js';

const spec = defineJsonSchemaTool({
  name: 'mcp__s__search',
  description: 'Search.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string' },
      limit: { type: 'integer' },
      mode: { type: 'string', enum: ['a', 'b'] },
    },
    required: ['query'],
    additionalProperties: false,
  },
});

describe('defineJsonSchemaTool', () => {
  it('accepts arguments that match the schema', () => {
    expect(spec.parseArguments({ query: 'x', limit: 3, mode: 'a' })).toEqual({
      ok: true,
      value: { query: 'x', limit: 3, mode: 'a' },
    });
  });

  it('names missing fields, wrong types, enum misses and unknown fields', () => {
    expect(spec.parseArguments({ limit: 1.5, mode: 'c', qurey: 'x' })).toEqual({
      ok: false,
      message:
        'Invalid arguments for mcp__s__search: `query` is required; `limit` expected "integer", got number 1.5; `mode` must be one of "a", "b"; got "c"; unknown field `qurey` — did you mean `query`?.',
    });
  });

  it('uses a host validator when given one', () => {
    const strict = defineJsonSchemaTool({
      name: 't',
      description: 'T.',
      inputSchema: { type: 'object' },
      validate: (value) => (value.ok === true ? [] : ['`ok` must be true']),
    });
    expect(strict.parseArguments({ ok: false })).toEqual({
      ok: false,
      message: 'Invalid arguments for t: `ok` must be true.',
    });
  });

  it('refuses a name models would not accept', () => {
    expect(() =>
      defineJsonSchemaTool({ name: 'has space', description: 'x', inputSchema: { type: 'object' } }),
    ).toThrow('Tool name "has space" does not match');
  });
});
