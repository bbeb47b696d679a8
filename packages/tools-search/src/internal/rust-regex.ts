import { escapeRegExpCharacter } from './escape-regexp.js';

const WORD = '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}';
/** Rust's Unicode `\w` for RE2 (`re2js` knows Alphabetic but not Join_Control). */
const RE2_WORD = '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\x{200C}\\x{200D}';
const WORD_BOUNDARY = `(?:(?<=[${WORD}])(?![${WORD}])|(?<![${WORD}])(?=[${WORD}]))`;
const NOT_WORD_BOUNDARY = `(?:(?<=[${WORD}])(?=[${WORD}])|(?<![${WORD}])(?![${WORD}]))`;
const POSIX: Readonly<Record<string, string>> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

/** A pattern translated from Rust regex syntax to RE2's (as `re2js` reads it). */
export interface Re2Source {
  readonly source: string;
  /** `\b` or `\B` outside a class: RE2's word boundaries are ASCII, Rust's Unicode. */
  readonly asciiWordBoundary: boolean;
  /** `(?<=` or `(?<!`: RE2 runs them only with its look-behind option. */
  readonly lookBehind: boolean;
}

/** Thrown with the RegExp engine's message when a pattern does not compile. */
export class PatternSyntaxError extends Error {}

/** Thrown when RE2 cannot say the same thing as the Rust pattern (the caller falls back). */
export class Re2UnsupportedError extends Error {}

type Dialect = 'javascript' | 're2';

interface Translation {
  readonly source: string;
  readonly caseInsensitive: boolean;
  readonly wordBoundary: boolean;
}

function escapeFor(dialect: Dialect, next: string, inClass: boolean): string | undefined {
  const javascript = dialect === 'javascript';
  switch (next) {
    case 'd':
      return '\\p{Nd}';
    case 'D':
      return javascript && inClass ? '\\D' : '\\P{Nd}';
    case 'w':
      if (javascript) return inClass ? WORD : `[${WORD}]`;
      return inClass ? RE2_WORD : `[${RE2_WORD}]`;
    case 'W':
      if (javascript) return inClass ? '\\W' : `[^${WORD}]`;
      if (inClass) throw new Re2UnsupportedError('\\W inside a class');
      return `[^${RE2_WORD}]`;
    case 's':
      return '\\p{White_Space}';
    case 'S':
      return '\\P{White_Space}';
    case 'b':
      if (inClass) return '\\x08';
      return javascript ? WORD_BOUNDARY : '\\b';
    case 'B':
      return javascript ? NOT_WORD_BOUNDARY : '\\B';
    case 'A':
      return '^';
    case 'z':
      return '$';
    default:
      return undefined;
  }
}

/**
 * Translates Rust regex syntax (what `rg` takes) for a line-by-line matcher: Unicode `\d \w \s
 * \b`, `\A \z` (the line's ends), POSIX classes, `(?P<name>…)`, escaped punctuation. JavaScript
 * gets a leading `(?i)` as a flag and refuses other inline flags; RE2 reads them itself.
 */
function translate(pattern: string, caseInsensitive: boolean, dialect: Dialect): Translation {
  const javascript = dialect === 'javascript';
  let source = '';
  let ignoreCase = caseInsensitive;
  let wordBoundary = false;
  let inClass = false;
  let classStart = false;
  let index = 0;
  const leading = javascript ? /^\(\?([a-zA-Z]+)\)/.exec(pattern) : null;
  if (leading) {
    for (const flag of leading[1]!) {
      if (flag === 'i') ignoreCase = true;
      else if (flag !== 'u')
        throw new PatternSyntaxError(`inline flag "${flag}" is not supported by the Node engine`);
    }
    index = leading[0].length;
  }
  while (index < pattern.length) {
    const character = pattern[index]!;
    if (character === '\\') {
      const next = pattern[index + 1];
      if (next === undefined)
        throw new PatternSyntaxError('incomplete escape sequence at the end of the pattern');
      index += 2;
      const replacement = escapeFor(dialect, next, inClass);
      if (replacement !== undefined) {
        if (!inClass && (next === 'b' || next === 'B')) wordBoundary = true;
        source += replacement;
        continue;
      }
      if (javascript && next === 'x' && pattern[index] === '{') {
        const close = pattern.indexOf('}', index);
        source += `\\u${pattern.slice(index, close + 1)}`;
        index = close + 1;
      } else if (
        javascript &&
        (next === 'p' || next === 'P') &&
        pattern[index] !== '{' &&
        pattern[index] !== undefined
      ) {
        source += `\\${next}{${pattern[index]}}`;
        index++;
      } else if (/[A-Za-z0-9]/.test(next)) source += `\\${next}`;
      else if (javascript) source += escapeRegExpCharacter(next);
      else source += `\\x{${next.codePointAt(0)!.toString(16)}}`;
      continue;
    }
    if (inClass) {
      if (character === '[' && pattern[index + 1] === ':') {
        const close = pattern.indexOf(':]', index);
        const negated = pattern[index + 2] === '^';
        const name = close > 0 ? pattern.slice(index + (negated ? 3 : 2), close) : '';
        const posix = POSIX[name];
        if (posix !== undefined && !negated) {
          source += posix;
          index = close + 2;
          classStart = false;
          continue;
        }
      }
      if (character === ']' && !classStart) inClass = false;
      source += character === '[' ? '\\[' : character;
      classStart = classStart && character === '^';
      index++;
      continue;
    }
    if (character === '[') {
      inClass = true;
      classStart = true;
      source += '[';
      index++;
      if (pattern[index] === '^') {
        source += '^';
        index++;
      }
      if (pattern[index] === ']') {
        source += '\\]';
        index++;
      }
      classStart = false;
      continue;
    }
    if (javascript && character === '(' && pattern.startsWith('(?P<', index)) {
      source += '(?<';
      index += 4;
      continue;
    }
    if (javascript && character === '(' && /^\(\?[a-zA-Z-]+[:)]/.test(pattern.slice(index))) {
      throw new PatternSyntaxError('inline flags inside the pattern are not supported by the Node engine');
    }
    source += character;
    index++;
  }
  return { source, caseInsensitive: ignoreCase, wordBoundary };
}

/** Look-around or backreferences: what `rg`'s default engine (and RE2, but look-behind) refuses. */
export function needsBacktracking(pattern: string): boolean {
  return /\(\?<?[=!]|\\[1-9]|\\k</.test(pattern);
}

/**
 * Translates Rust regex syntax into an equivalent `u`+`s` RegExp (exact, but it backtracks: run it
 * only where a deadline can stop it). `.` matches everything but `\n`, as in Rust (lines never
 * contain `\n`).
 */
export function translateRustRegex(pattern: string, caseInsensitive: boolean): RegExp {
  const translation = translate(pattern, caseInsensitive, 'javascript');
  try {
    return new RegExp(translation.source, translation.caseInsensitive ? 'isu' : 'su');
  } catch (error) {
    throw new PatternSyntaxError((error as Error).message.replace(/^Invalid regular expression: /, ''));
  }
}

/** Translates Rust regex syntax into RE2's; throws {@link Re2UnsupportedError} where RE2 differs. */
export function translateRustToRe2(pattern: string): Re2Source {
  const translation = translate(pattern, false, 're2');
  return {
    source: translation.source,
    asciiWordBoundary: translation.wordBoundary,
    lookBehind: /\(\?<[=!]/.test(pattern),
  };
}
