/** What {@link parseStrictJson} read: the value, or why the text is not exactly one JSON value. */
export type StrictJsonResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

// Deeper than any answer a hook gives; bounds the recursion.
const MAX_DEPTH = 64;
const WHITESPACE = /[ \t\n\r]*/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERALS: Readonly<Record<string, unknown>> = { true: true, false: false, null: null };

class StrictJsonError extends Error {}

/**
 * Parses exactly one JSON value (RFC 8259), refusing what `JSON.parse` lets through silently: a
 * key repeated in one object (where `JSON.parse` keeps the last), and nesting deeper than 64.
 * Text after the value, or anything `JSON.parse` refuses, is refused too. A `__proto__` key is
 * kept as an own key, never as the object's prototype.
 */
export function parseStrictJson(text: string): StrictJsonResult {
  let offset = 0;

  const fail = (message: string): never => {
    throw new StrictJsonError(message);
  };
  const skipWhitespace = () => {
    WHITESPACE.lastIndex = offset;
    WHITESPACE.exec(text);
    offset = WHITESPACE.lastIndex;
  };
  const token = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = offset;
    const match = pattern.exec(text);
    if (!match) return undefined;
    offset = pattern.lastIndex;
    return match[0];
  };
  const unexpected = () => fail(`unexpected character at offset ${offset}`);
  const expect = (character: string) => {
    skipWhitespace();
    if (text[offset] !== character) unexpected();
    offset++;
  };

  const value = (depth: number): unknown => {
    skipWhitespace();
    const character = text[offset];
    if (character === '{' || character === '[') {
      if (depth >= MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH} levels`);
      offset++;
      return character === '{' ? object(depth + 1) : array(depth + 1);
    }
    if (character === '"') {
      const string = token(STRING);
      return string === undefined ? unexpected() : (JSON.parse(string) as string);
    }
    const number = token(NUMBER);
    if (number !== undefined) return Number(number);
    for (const [word, literal] of Object.entries(LITERALS)) {
      if (text.startsWith(word, offset)) {
        offset += word.length;
        return literal;
      }
    }
    return unexpected();
  };

  const object = (depth: number): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    const keys = new Set<string>();
    skipWhitespace();
    if (text[offset] === '}') {
      offset++;
      return result;
    }
    for (;;) {
      skipWhitespace();
      const raw = text[offset] === '"' ? token(STRING) : undefined;
      if (raw === undefined) return unexpected();
      const key = JSON.parse(raw) as string;
      if (keys.has(key)) fail(`the key ${JSON.stringify(key)} appears twice in one object`);
      keys.add(key);
      expect(':');
      Object.defineProperty(result, key, {
        value: value(depth),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      skipWhitespace();
      if (text[offset] === ',') offset++;
      else if (text[offset] === '}') {
        offset++;
        return result;
      } else return unexpected();
    }
  };

  const array = (depth: number): unknown[] => {
    const result: unknown[] = [];
    skipWhitespace();
    if (text[offset] === ']') {
      offset++;
      return result;
    }
    for (;;) {
      result.push(value(depth));
      skipWhitespace();
      if (text[offset] === ',') offset++;
      else if (text[offset] === ']') {
        offset++;
        return result;
      } else return unexpected();
    }
  };

  try {
    skipWhitespace();
    if (offset === text.length) return { ok: false, error: 'no JSON value' };
    const parsed = value(0);
    skipWhitespace();
    if (offset < text.length) return { ok: false, error: `text after the JSON value at offset ${offset}` };
    return { ok: true, value: parsed };
  } catch (error) {
    if (error instanceof StrictJsonError) return { ok: false, error: error.message };
    throw error;
  }
}
