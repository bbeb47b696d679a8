import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { deriveInputCheck } from '../packages/core/src/tool/derive-input-check.js';
import { type InputCheck, runInputCheck } from '../packages/core/src/tool/input-check.js';
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { INPUT_JSON_SCHEMAS } from '../scripts/generate-input-json-schemas.mjs';

/**
 * The property a tool's input check must keep (docs/architecture.md): whatever it vouches for,
 * zod accepts and returns the very same value, key order included. Arguments are drawn around
 * each schema's own check (near-misses of every rule: untrimmed or upper-case text, quoted and
 * fractional numbers, bounds plus or minus one, missing, extra and undefined fields, wrong tags)
 * and from anything at all.
 */

interface Entry {
  readonly schemaModule: string;
  readonly schemaExport: string;
}

const root = join(import.meta.dirname, '..');
const entries = INPUT_JSON_SCHEMAS as readonly Entry[];

const nearNumbers = (check: InputCheck & { kind: 'number' }) => {
  const bounds = [check.atLeast, check.above, check.atMost, check.below].filter(
    (bound): bound is number => bound !== undefined,
  );
  return fc.oneof(
    fc.integer({ min: -5, max: 50 }),
    fc.constantFrom(...bounds.flatMap((bound) => [bound - 1, bound, bound + 1, bound + 0.5]), 0, -0),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 1.5),
    fc.double(),
  );
};

const anything = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.anything({ maxDepth: 2, maxKeys: 3 }),
);

/** Mostly what the check accepts, else a near-miss of one of its rules, else anything. */
function around(check: InputCheck): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: accepted(check) },
    { weight: 2, arbitrary: shaped(check) },
    { weight: 1, arbitrary: anything },
  );
}

const rarely = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

/** Values the check is meant to accept (mostly: a drawn string may still be untrimmed, and so on). */
function accepted(check: InputCheck): fc.Arbitrary<unknown> {
  switch (check.kind) {
    case 'string': {
      const minLength = check.minLength ?? 0;
      const maxLength = Math.min(check.maxLength ?? minLength + 8, minLength + 8);
      return fc
        .string({ minLength, maxLength })
        .map((text) => (check.lowerCase ? text.toLowerCase() : text))
        .map((text) => (check.trimmed ? text.trim() : text));
    }
    case 'number': {
      const low = Math.max(check.atLeast ?? check.above ?? -1e6, -1e6);
      const high = Math.min(check.atMost ?? check.below ?? 1e6, 1e6);
      return check.integer
        ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
        : fc.double({ min: low, max: high, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'oneOf':
      return fc.constantFrom(...check.values);
    case 'array': {
      const minLength = check.minLength ?? 0;
      return fc.array(accepted(check.element), {
        minLength,
        maxLength: Math.min(check.maxLength ?? minLength + 3, minLength + 3),
      });
    }
    case 'object':
      return fc.record(Object.fromEntries(check.fields.map((field) => [field.name, around(field.check)])), {
        requiredKeys: check.fields.filter((field) => field.missing === undefined).map((field) => field.name),
      });
    case 'nullable':
      return fc.oneof(fc.constant(null), accepted(check.inner));
    case 'quotedInteger':
    case 'word':
    case 'catch':
      return accepted(check.inner);
    case 'tagged':
      return fc.oneof(...check.options.map((option) => accepted(option.check)));
  }
}

function shaped(check: InputCheck): fc.Arbitrary<unknown> {
  switch (check.kind) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.constantFrom('', ' ', 'a.txt', ' a.txt', 'a.txt\n', 'A.TXT', 'x'.repeat(check.maxLength ?? 8)),
        fc.string({ minLength: check.maxLength ?? 0, maxLength: (check.maxLength ?? 0) + 1 }),
      );
    case 'number':
      return fc.oneof(
        nearNumbers(check),
        nearNumbers(check).map((value) => String(value)),
      );
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1));
    case 'oneOf':
      return fc.oneof(
        fc.constantFrom(...check.values),
        fc
          .constantFrom(...check.values)
          .map((value) => (typeof value === 'string' ? ` ${value.toUpperCase()}` : value)),
        fc.string({ maxLength: 4 }),
      );
    case 'array':
      return fc.array(around(check.element), { maxLength: (check.maxLength ?? 3) + 1 });
    case 'object':
      return fc
        .tuple(
          fc.record(Object.fromEntries(check.fields.map((field) => [field.name, around(field.check)])), {
            requiredKeys: [],
          }),
          rarely(fc.constantFrom('extra', 'constructor', '__proto__')),
          rarely(fc.constantFrom(...check.fields.map((field) => field.name))),
        )
        .map(([record, extra, undefinedField]) => {
          const value: Record<string, unknown> = { ...record };
          // Defined own fields, as JSON.parse makes them, `__proto__` included.
          if (extra !== null)
            Object.defineProperty(value, extra, {
              value: 1,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          if (undefinedField !== null) value[undefinedField] = undefined;
          return value;
        });
    case 'nullable':
      return fc.oneof(fc.constant(null), around(check.inner));
    case 'quotedInteger':
    case 'word':
    case 'catch':
      return around(check.inner);
    case 'tagged':
      return fc.oneof(...check.options.map((option) => shaped(option.check)));
  }
}

/** The value with every object's keys in order, to compare key order too. */
const ordered = (value: unknown): unknown =>
  JSON.stringify(value, (_key, entry) =>
    entry === undefined ? '<undefined>' : Object.is(entry, -0) ? '<-0>' : entry,
  );

describe('what an input check vouches for, zod accepts and returns unchanged', () => {
  it.each(entries.map((entry) => [entry.schemaExport, entry] as const))('%s', async (_name, entry) => {
    const schema = (await import(join(root, entry.schemaModule)))[entry.schemaExport] as z.ZodObject;
    const check = deriveInputCheck(schema);
    if (check === undefined) return;
    let vouched = 0;
    fc.assert(
      fc.property(around(check), (value) => {
        const checked = runInputCheck(check, value);
        if (checked === undefined) return;
        vouched++;
        const parsed = schema.safeParse(value);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(checked.value).toStrictEqual(parsed.data);
        expect(ordered(checked.value)).toBe(ordered(parsed.data));
      }),
      { numRuns: 500 },
    );
    // Not vacuous: a good share of the drawn arguments were vouched for.
    expect(vouched).toBeGreaterThan(25);
  });
});
