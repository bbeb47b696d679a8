import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJsonSchemaTool } from '../tool/define-json-schema-tool.js';
import { defineTool } from '../tool/define-tool.js';
import { decodeArguments } from './decode-arguments.js';

const readFile = defineTool({
  name: 'read_file',
  description: 'Reads a file.',
  input: z.object({ path: z.string(), limit: z.number().optional() }),
});

const searchTool = defineJsonSchemaTool({
  name: 'mcp__s__search',
  description: 'Search.',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string' } },
    required: ['query'],
    additionalProperties: false,
  },
});

/** Decodes JSON text and parses it as the tool would, the way every call is validated. */
function parse(spec: typeof readFile | typeof searchTool, text: string) {
  const decoded = decodeArguments(spec.definition.name, text);
  if (!decoded.ok) return decoded;
  return spec.parseArguments(decoded.value);
}

/** A JSON object text written by hand, so that `__proto__` stays an ordinary key as a model sends it. */
function jsonObject(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([name, json]) => `${JSON.stringify(name)}:${json}`).join(',')}}`;
}

describe('decodeArguments', () => {
  it('keeps `__proto__` as an ordinary key instead of changing the prototype', () => {
    const decoded = decodeArguments('t', '{"__proto__":{"path":"/etc/passwd"},"a":1}');
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(Object.getPrototypeOf(decoded.value)).toBe(Object.prototype);
    expect(Object.keys(decoded.value)).toEqual(['__proto__', 'a']);
    expect((decoded.value as { path?: unknown }).path).toBeUndefined();
  });

  it('refuses fields nested under `__proto__` as an unknown field', () => {
    expect(parse(readFile, '{"__proto__":{"path":"/etc/passwd"}}')).toEqual({
      ok: false,
      message:
        'Invalid arguments for read_file: unknown field `__proto__` (known fields: path, limit); `path` is required (expected string).',
    });
    expect(parse(readFile, '{"path":"a","__proto__":{"limit":5}}')).toEqual({
      ok: false,
      message: 'Invalid arguments for read_file: unknown field `__proto__` (known fields: path, limit).',
    });
  });

  it('refuses `constructor`, `prototype` and `__proto__` on a tool defined by JSON Schema', () => {
    expect(parse(searchTool, '{"query":"x","constructor":{"a":1}}')).toEqual({
      ok: false,
      message: 'Invalid arguments for mcp__s__search: unknown field `constructor`.',
    });
    expect(parse(searchTool, '{"query":"x","prototype":1}')).toEqual({
      ok: false,
      message: 'Invalid arguments for mcp__s__search: unknown field `prototype`.',
    });
    expect(parse(searchTool, '{"__proto__":{"query":"x"}}')).toEqual({
      ok: false,
      message: 'Invalid arguments for mcp__s__search: `query` is required; unknown field `__proto__`.',
    });
  });

  it('counts a required field that every object inherits (`toString`) as missing', () => {
    const spec = defineJsonSchemaTool({
      name: 't',
      description: 'T.',
      inputSchema: { type: 'object', properties: { toString: { type: 'string' } }, required: ['toString'] },
    });
    expect(spec.parseArguments({})).toEqual({
      ok: false,
      message: 'Invalid arguments for t: `toString` is required.',
    });
  });

  it('accepts a call only when every key is a known field of its own (property)', () => {
    const key = fc.oneof(
      { arbitrary: fc.constant('__proto__'), weight: 4 },
      fc.constantFrom('constructor', 'prototype', 'toString', 'hasOwnProperty', 'x'),
    );
    const scalar = fc.oneof(
      fc.string().map((text) => JSON.stringify(text)),
      fc.integer().map(String),
    );
    const value = fc.oneof(scalar, fc.array(fc.tuple(key, scalar), { maxLength: 3 }).map(jsonObject));
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 4 }), fc.boolean(), (extra, withPath) => {
        const result = parse(readFile, jsonObject(withPath ? [['path', '"a"'], ...extra] : extra));
        expect(result.ok).toBe(withPath && extra.length === 0);
        if (result.ok) expect(result.value).toEqual({ path: 'a' });
      }),
    );
  });
});
