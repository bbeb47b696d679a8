import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStrictJson } from './parse-strict-json.js';

describe('parseStrictJson', () => {
  it('reads what JSON.parse reads, whenever no object repeats a key', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(parseStrictJson(text)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
    );
  });

  it('refuses what JSON.parse refuses', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        if (!parses) expect(parseStrictJson(text).ok).toBe(false);
      }),
    );
  });

  it('refuses a key repeated in any object, trailing text, deep nesting and JSON5-isms, saying what', () => {
    expect(
      [
        '{"decision":"block","decision":"approve"}',
        '{"a":{"b":1,"\\u0062":2}}',
        '[{"x":1},{"x":1,"x":1}]',
        '{"decision":"approve"} {"decision":"block"}',
        '{"decision":"approve"}garbage',
        `${'['.repeat(65)}${']'.repeat(65)}`,
        "{'decision':'approve'}",
        '{"decision":"approve",}',
        '{"n":01}',
        '"tab\there"',
        '',
      ].map(parseStrictJson),
    ).toEqual([
      { ok: false, error: 'the key "decision" appears twice in one object' },
      { ok: false, error: 'the key "b" appears twice in one object' },
      { ok: false, error: 'the key "x" appears twice in one object' },
      { ok: false, error: 'text after the JSON value at offset 23' },
      { ok: false, error: 'text after the JSON value at offset 22' },
      { ok: false, error: 'nesting deeper than 64 levels' },
      { ok: false, error: 'unexpected character at offset 1' },
      { ok: false, error: 'unexpected character at offset 22' },
      { ok: false, error: 'unexpected character at offset 6' },
      { ok: false, error: 'unexpected character at offset 0' },
      { ok: false, error: 'no JSON value' },
    ]);
  });

  it('keeps a "__proto__" key as an own key, not a prototype', () => {
    const parsed = parseStrictJson('{"__proto__":{"decision":"approve"}}');
    expect(parsed.ok && Object.keys(parsed.value as object)).toEqual(['__proto__']);
    expect(parsed.ok && (parsed.value as { decision?: unknown }).decision).toBe(undefined);
  });
});
