import { escapeRegExpCharacter } from './escape-regexp.js';

const WORD = '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}';
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

/** A pattern translated from ripgrep's (Rust) regex syntax to a JavaScript RegExp. */
export interface TranslatedPattern {
  readonly regexp: RegExp;
  /** Look-around or backreferences: syntax `rg` refuses, so only the Node engine can run it. */
  readonly needsNodeEngine: boolean;
}

/** Thrown with the RegExp engine's message when a pattern does not compile. */
export class PatternSyntaxError extends Error {}

/**
 * Translates Rust regex syntax (what `rg` takes) into an equivalent `u`+`s` RegExp: Unicode `\d \w
 * \s \b`, `\A \z`, `(?P<name>…)`, a leading `(?i)`, POSIX classes, escaped punctuation. `.` matches
 * everything but `\n`, as in Rust (lines never contain `\n`).
 */
export function translateRustRegex(pattern: string, caseInsensitive: boolean): TranslatedPattern {
  let source = '';
  let flags = caseInsensitive ? 'isu' : 'su';
  let inClass = false;
  let classStart = false;
  let index = 0;
  const needsNodeEngine = /\(\?<?[=!]|\\[1-9]|\\k</.test(pattern);
  const leading = /^\(\?([a-zA-Z]+)\)/.exec(pattern);
  if (leading) {
    for (const flag of leading[1]!) {
      if (flag === 'i') flags = flags.includes('i') ? flags : `i${flags}`;
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
      switch (next) {
        case 'd':
          source += inClass ? '\\p{Nd}' : '\\p{Nd}';
          continue;
        case 'D':
          source += inClass ? '\\D' : '\\P{Nd}';
          continue;
        case 'w':
          source += inClass ? WORD : `[${WORD}]`;
          continue;
        case 'W':
          source += inClass ? '\\W' : `[^${WORD}]`;
          continue;
        case 's':
          source += '\\p{White_Space}';
          continue;
        case 'S':
          source += '\\P{White_Space}';
          continue;
        case 'b':
          source += inClass ? '\\x08' : WORD_BOUNDARY;
          continue;
        case 'B':
          source += NOT_WORD_BOUNDARY;
          continue;
        case 'A':
          source += '^';
          continue;
        case 'z':
          source += '$';
          continue;
        case 'x': {
          if (pattern[index] === '{') {
            const close = pattern.indexOf('}', index);
            source += `\\u${pattern.slice(index, close + 1)}`;
            index = close + 1;
          } else source += '\\x';
          continue;
        }
        case 'p':
        case 'P': {
          if (pattern[index] !== '{' && pattern[index] !== undefined) {
            source += `\\${next}{${pattern[index]}}`;
            index++;
          } else source += `\\${next}`;
          continue;
        }
        default:
          if (/[A-Za-z0-9]/.test(next)) source += `\\${next}`;
          else source += escapeRegExpCharacter(next);
          continue;
      }
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
    if (character === '(' && pattern.startsWith('(?P<', index)) {
      source += '(?<';
      index += 4;
      continue;
    }
    if (character === '(' && /^\(\?[a-zA-Z-]+[:)]/.test(pattern.slice(index))) {
      throw new PatternSyntaxError('inline flags inside the pattern are not supported by the Node engine');
    }
    source += character;
    index++;
  }
  try {
    return { regexp: new RegExp(source, flags), needsNodeEngine };
  } catch (error) {
    throw new PatternSyntaxError((error as Error).message.replace(/^Invalid regular expression: /, ''));
  }
}
