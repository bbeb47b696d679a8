import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { deriveInputCheck } from './derive-input-check.js';
import { runInputCheck } from './input-check.js';
import { lenientInteger } from './lenient-integer.js';
import { lenientWord } from './lenient-word.js';

enum Level {
  Low,
  High,
}

const TREE = z.object({
  name: z.string(),
  get children() {
    return z.array(TREE).optional();
  },
});

describe('deriveInputCheck', () => {
  it('describes the rules zod applies, in the shape order', () => {
    const check = deriveInputCheck(
      z.object({
        path: z.string().trim().min(1).describe('a path'),
        count: lenientInteger(z.int().min(1).max(9)).optional(),
        mode: lenientWord(z.enum(['read', 'write'])).default('read'),
        tags: z.array(z.literal('a').nullable()).max(2).catch([]),
      }),
    );
    expect(check).toEqual({
      kind: 'object',
      fields: [
        { name: 'path', check: { kind: 'string', trimmed: true, minLength: 1 } },
        {
          name: 'count',
          check: { kind: 'quotedInteger', inner: { kind: 'number', integer: true, atLeast: 1, atMost: 9 } },
          missing: { kind: 'optional' },
        },
        {
          name: 'mode',
          check: { kind: 'word', inner: { kind: 'oneOf', values: ['read', 'write'] } },
          missing: { kind: 'default', value: 'read' },
        },
        {
          name: 'tags',
          check: {
            kind: 'catch',
            inner: {
              kind: 'array',
              element: { kind: 'nullable', inner: { kind: 'oneOf', values: ['a'] } },
              maxLength: 2,
            },
          },
        },
      ],
    });
    expect(runInputCheck(check!, { tags: ['a', null], path: 'x' })).toEqual({
      value: { path: 'x', mode: 'read', tags: ['a', null] },
    });
  });

  it.each([
    ['a refinement', z.object({ a: z.string().refine((text) => text !== 'x') })],
    ['a refinement of the object', z.object({ a: z.string() }).refine(() => true)],
    ['a transform', z.object({ a: z.string().transform((text) => text.length) })],
    ['a preprocess of its own', z.object({ a: z.preprocess((value) => value, z.string()) })],
    ['a coercion', z.object({ a: z.coerce.number() })],
    ['a pattern', z.object({ a: z.string().regex(/^a$/) })],
    ['a format', z.object({ a: z.email() })],
    ['a format rule', z.object({ a: z.string().startsWith('a') })],
    ['a narrower integer', z.object({ a: z.int32() })],
    ['a plain union', z.object({ a: z.union([z.string(), z.number()]) })],
    ['a catch-all for unknown fields', z.object({ a: z.string() }).catchall(z.string())],
    ['a default that is not plain data', z.object({ a: z.date().default(() => new Date()) })],
    ['a multiple-of rule', z.object({ a: z.number().multipleOf(2) })],
    ['an overwrite of its own', z.object({ a: z.string().overwrite((text) => text.toUpperCase()) })],
    ['a TypeScript enum (its reverse mapping)', z.object({ a: z.enum(Level) })],
    [
      'a field named after a member of Object.prototype',
      z.object({ a: z.string(), toString: z.boolean().optional() }),
    ],
    [
      'a discriminated union whose options share a tag',
      z.object({
        u: z.discriminatedUnion('t', [
          z.object({ t: z.literal('a') }),
          z.object({ t: z.literal(['a', 'b']) }),
        ]),
      }),
    ],
    ['a default JSON cannot keep (-0)', z.object({ a: z.number().default(-0) })],
    ['a recursive schema', TREE],
  ])('gives up on %s: every call goes to zod', (_what, schema) => {
    expect(deriveInputCheck(schema as z.ZodObject)).toBeUndefined();
  });
});

describe('a tool with an input check', () => {
  const build = vi.fn(() =>
    z.object({ path: z.string().trim().min(1), count: lenientInteger(z.int()).optional() }),
  );
  const spec = defineTool({
    name: 'probe',
    description: 'probe',
    input: build,
    inputCheck: deriveInputCheck(
      z.object({ path: z.string().trim().min(1), count: lenientInteger(z.int()).optional() }),
    ),
  });

  it('takes arguments the check vouches for without building its zod schema', () => {
    expect(spec.parseArguments({ path: 'a.txt', count: 2 })).toEqual({
      ok: true,
      value: { path: 'a.txt', count: 2 },
    });
    expect(build).not.toHaveBeenCalled();
  });

  it('leaves the rest to zod, which converts or refuses them in its own words', () => {
    expect(spec.parseArguments({ path: ' a.txt ', count: '3' })).toEqual({
      ok: true,
      value: { path: 'a.txt', count: 3 },
    });
    const refused = spec.parseArguments({ path: '', extra: 1 });
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.message).toMatch(/unknown field `extra`.*path/);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
