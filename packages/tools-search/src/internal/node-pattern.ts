import { re2 } from './re2.js';
import {
  PatternSyntaxError,
  Re2UnsupportedError,
  translateRustRegex,
  translateRustToRe2,
} from './rust-regex.js';
import type { StringTest } from './search-text.js';

/** A pattern compiled for the Node engine. */
export interface NodePattern {
  /**
   * Linear-time matchers (RE2 semantics, `re2js`): `line` tests one line, `text` (multi-line) a
   * whole file before it is split. Undefined when RE2 cannot say what the pattern says.
   */
  readonly linear: { readonly line: StringTest; readonly text: StringTest } | undefined;
  /** True when `linear` is exact only on ASCII text (its `\b` is ASCII, Rust's Unicode). */
  readonly linearNeedsAscii: boolean;
  /** The exact JavaScript RegExp. It backtracks: it only ever runs in a worker with a deadline. */
  readonly backtracking: RegExp | undefined;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** A pattern without regex operators: characters and escaped punctuation only. */
const PLAIN_LITERAL = /^(?:[^\\.+*?()|[\]{}^$]|\\[^A-Za-z0-9])+$/;

/** Which matcher searches `text`: the linear one whenever it is exact there. */
export function linearMatcherFor(
  pattern: NodePattern,
  text: string,
): NonNullable<NodePattern['linear']> | undefined {
  if (pattern.linear === undefined) return undefined;
  if (pattern.linearNeedsAscii && pattern.backtracking !== undefined && NON_ASCII.test(text))
    return undefined;
  return pattern.linear;
}

function compileLinear(
  pattern: string,
  caseInsensitive: boolean,
): Omit<NodePattern, 'backtracking'> | undefined {
  let translated: ReturnType<typeof translateRustToRe2>;
  try {
    translated = translateRustToRe2(pattern);
  } catch (error) {
    if (error instanceof Re2UnsupportedError || error instanceof PatternSyntaxError) return undefined;
    throw error;
  }
  // re2js's linear look-behind is too slow to run on the event loop (about 2 µs per character):
  // look-behind runs in the worker like the rest of look-around.
  if (translated.lookBehind) return undefined;
  const flags = caseInsensitive ? re2().CASE_INSENSITIVE : 0;
  try {
    return {
      linear: {
        line: re2().compile(translated.source, flags),
        text: re2().compile(translated.source, flags | re2().MULTILINE),
      },
      linearNeedsAscii: translated.asciiWordBoundary,
    };
  } catch {
    // RE2 refuses it (look-ahead, backreferences, Rust-only syntax): the exact RegExp runs instead.
    return undefined;
  }
}

/**
 * Compiles a ripgrep (Rust syntax) pattern for the Node engine: RE2 where it can, the exact
 * RegExp otherwise (or where RE2's ASCII `\b` could differ). Throws {@link PatternSyntaxError}
 * when neither compiles.
 */
export function compileNodePattern(pattern: string, caseInsensitive: boolean): NodePattern {
  if (PLAIN_LITERAL.test(pattern)) {
    // No quantifier, no alternation: the RegExp cannot backtrack (its cost is the text's length
    // times the literal's), and V8 finds a literal, case-insensitive too, much faster than re2js.
    const regexp = translateRustRegex(pattern, caseInsensitive);
    return {
      linear: { line: regexp, text: new RegExp(regexp.source, `${regexp.flags}m`) },
      linearNeedsAscii: false,
      backtracking: regexp,
    };
  }
  let backtracking: RegExp | undefined;
  let syntaxError: PatternSyntaxError | undefined;
  try {
    backtracking = translateRustRegex(pattern, caseInsensitive);
  } catch (error) {
    if (!(error instanceof PatternSyntaxError)) throw error;
    syntaxError = error;
  }
  const linear = compileLinear(pattern, caseInsensitive);
  if (linear === undefined && syntaxError) throw syntaxError;
  return { linear: linear?.linear, linearNeedsAscii: linear?.linearNeedsAscii ?? false, backtracking };
}
