import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolSuccess } from '../result/tool-result.js';
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
    // JSON reads 1e400 as Infinity: quoted as such, not as JSON's null.
    const infinite = spec.parseArguments(JSON.parse('{"path":"a","startLine":1e400}'));
    expect(infinite.ok).toBe(false);
    expect(!infinite.ok && infinite.message).toContain('got number Infinity');
  });

  it('builds an input given as a function on the first call, once, and not for a listing with its JSON Schema', () => {
    let built = 0;
    const build = () => {
      built += 1;
      return z.object({ path: z.string() });
    };
    const lazy = defineTool({
      name: 'lazy',
      description: 'Builds its schema late.',
      input: build,
      inputJsonSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    });
    expect(lazy.definition.inputSchema.required).toEqual(['path']);
    expect(built).toBe(0);
    expect(lazy.parseArguments({ path: 'a' })).toEqual({ ok: true, value: { path: 'a' } });
    expect(lazy.parseArguments({ path: 1, extra: true })).toMatchObject({ ok: false });
    expect(built).toBe(1);
    // Without a JSON Schema given, the listing converts the built schema: still built once.
    const converted = defineTool({ name: 'converted', description: 'x', input: build });
    expect(converted.definition.inputSchema.properties).toHaveProperty('path');
    expect(converted.parseArguments({ pth: 'a' })).toMatchObject({ ok: false });
    expect(built).toBe(2);
  });

  it('returns a runnable tool in one call when given execute, running prepare first on a direct call', async () => {
    const context = { callId: 'c1', signal: new AbortController().signal };
    const direct = defineTool({
      name: 'shout',
      description: 'Shouts.',
      input: z.object({ text: z.string() }),
      execute: async ({ text }) => toolSuccess(text.toUpperCase()),
    });
    expect(direct.prepare).toBeUndefined();
    expect(await direct.execute({ text: 'hi' }, context)).toEqual({ status: 'success', output: 'HI' });
    const planned = defineTool({
      name: 'planned',
      description: 'Plans first.',
      input: z.object({ text: z.string() }),
      prepare: async ({ text }) => ({ status: 'ready' as const, plan: { length: text.length } }),
      execute: async (_input, { plan }) => toolSuccess(plan.length),
    });
    expect(planned.definition.name).toBe('planned');
    expect(await planned.execute({ text: 'four' }, context)).toEqual({ status: 'success', output: 4 });
  });
});
