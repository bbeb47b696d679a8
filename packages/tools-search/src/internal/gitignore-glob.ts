import { escapeRegExpCharacter } from './escape-regexp.js';
import { re2 } from './re2.js';
import type { StringTest } from './search-text.js';

/**
 * Globs as ripgrep 13's `globset` reads them in ignore files (`literal_separator` and
 * `backslash_escape` on): `*` and `?` stop at `/`, `**` only as a whole path component (elsewhere it
 * is a `*`), `[...]` classes without escapes, `{a,b}` alternates (not nested), `\x` escapes.
 */
type Token =
  | { readonly type: 'literal'; readonly value: string }
  | { readonly type: 'any' }
  | { readonly type: 'zero-or-more' }
  | { readonly type: 'recursive-prefix' }
  | { readonly type: 'recursive-suffix' }
  | { readonly type: 'recursive-zero-or-more' }
  | { readonly type: 'class'; readonly negated: boolean; readonly ranges: Array<[string, string]> }
  | { readonly type: 'alternates'; readonly branches: Token[][] };

/** A glob globset refuses; ripgrep reports it and skips the line. */
export class GlobSyntaxError extends Error {}

function parse(glob: string): Token[] {
  const characters = Array.from(glob);
  let position = 0;
  // stack[0] is the top level; each open `{` pushes its branches.
  const stack: Token[][][] = [[[]]];
  let previous: string | undefined;
  const current = (): Token[] => {
    const branches = stack[stack.length - 1]!;
    return branches[branches.length - 1]!;
  };
  const push = (token: Token): void => {
    current().push(token);
  };
  const peek = (): string | undefined => characters[position];
  const bump = (): string | undefined => {
    const character = characters[position];
    if (character !== undefined) position++;
    previous = character;
    return character;
  };
  const parseStar = (before: string | undefined): void => {
    if (peek() !== '*') {
      push({ type: 'zero-or-more' });
      return;
    }
    bump();
    if (current().length === 0) {
      if (peek() !== undefined && peek() !== '/') {
        push({ type: 'zero-or-more' });
        push({ type: 'zero-or-more' });
      } else {
        push({ type: 'recursive-prefix' });
        bump();
      }
      return;
    }
    if (before !== '/') {
      if (stack.length <= 1 || (before !== ',' && before !== '{')) {
        push({ type: 'zero-or-more' });
        push({ type: 'zero-or-more' });
        return;
      }
    }
    let isSuffix: boolean;
    const next = peek();
    if (next === undefined) {
      isSuffix = true;
    } else if ((next === ',' || next === '}') && stack.length >= 2) {
      isSuffix = true;
    } else if (next === '/') {
      bump();
      isSuffix = false;
    } else {
      push({ type: 'zero-or-more' });
      push({ type: 'zero-or-more' });
      return;
    }
    const tokens = current();
    const last = tokens.pop();
    if (last?.type === 'recursive-prefix' || last?.type === 'recursive-suffix') {
      tokens.push(last);
      return;
    }
    // The popped token is the `/` before `**`: the recursive token includes it.
    push({ type: isSuffix ? 'recursive-suffix' : 'recursive-zero-or-more' });
  };
  const parseClass = (): void => {
    const ranges: Array<[string, string]> = [];
    let negated = false;
    if (peek() === '!' || peek() === '^') {
      bump();
      negated = true;
    }
    let first = true;
    let inRange = false;
    for (;;) {
      const character = bump();
      if (character === undefined) throw new GlobSyntaxError("unclosed character class; missing ']'");
      if (character === ']') {
        if (first) ranges.push([']', ']']);
        else break;
      } else if (character === '-') {
        if (first) ranges.push(['-', '-']);
        else if (inRange) {
          const range = ranges[ranges.length - 1]!;
          range[1] = '-';
          if (range[1] < range[0]) throw new GlobSyntaxError(`invalid range; '${range[0]}' > '${range[1]}'`);
          inRange = false;
        } else inRange = true;
      } else {
        if (inRange) {
          const range = ranges[ranges.length - 1]!;
          range[1] = character;
          if (range[1].codePointAt(0)! < range[0].codePointAt(0)!) {
            throw new GlobSyntaxError(`invalid range; '${range[0]}' > '${range[1]}'`);
          }
        } else ranges.push([character, character]);
        inRange = false;
      }
      first = false;
    }
    if (inRange) ranges.push(['-', '-']);
    push({ type: 'class', negated, ranges });
  };
  for (;;) {
    const before = previous;
    const character = bump();
    if (character === undefined) break;
    switch (character) {
      case '?':
        push({ type: 'any' });
        break;
      case '*':
        parseStar(before);
        break;
      case '[':
        parseClass();
        break;
      case '{':
        if (stack.length > 1) throw new GlobSyntaxError('nested alternate groups are not allowed');
        stack.push([[]]);
        break;
      case '}': {
        if (stack.length <= 1) throw new GlobSyntaxError("unopened alternate group; missing '{'");
        const branches = stack.pop()!;
        push({ type: 'alternates', branches });
        break;
      }
      case ',':
        if (stack.length > 1) stack[stack.length - 1]!.push([]);
        else push({ type: 'literal', value: ',' });
        break;
      case '\\': {
        const next = bump();
        if (next === undefined) throw new GlobSyntaxError("dangling '\\'");
        push({ type: 'literal', value: next });
        break;
      }
      default:
        push({ type: 'literal', value: character });
    }
  }
  if (stack.length > 1) throw new GlobSyntaxError("unclosed alternate group; missing '}'");
  return stack[0]![0]!;
}

function toSource(tokens: readonly Token[]): string {
  let source = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'literal':
        source += escapeRegExpCharacter(token.value);
        break;
      case 'any':
        source += '[^/]';
        break;
      case 'zero-or-more':
        source += '[^/]*';
        break;
      case 'recursive-prefix':
        source += '(?:/?|[\\s\\S]*/)';
        break;
      case 'recursive-suffix':
        source += '/[\\s\\S]*';
        break;
      case 'recursive-zero-or-more':
        source += '(?:/|/[\\s\\S]*/)';
        break;
      case 'class': {
        source += token.negated ? '[^' : '[';
        for (const [from, to] of token.ranges) {
          source +=
            from === to
              ? escapeRegExpCharacter(from)
              : `${escapeRegExpCharacter(from)}-${escapeRegExpCharacter(to)}`;
        }
        source += ']';
        break;
      }
      case 'alternates':
        source += `(?:${token.branches.map(toSource).join('|')})`;
        break;
    }
  }
  return source;
}

/** How many unbounded repetitions (`*`, `**`) the tokens hold, alternates included. */
function repetitions(tokens: readonly Token[]): number {
  let count = 0;
  for (const token of tokens) {
    if (token.type === 'alternates') for (const branch of token.branches) count += repetitions(branch);
    else if (token.type !== 'literal' && token.type !== 'any' && token.type !== 'class') count++;
  }
  return count;
}

/**
 * Above this many repetitions, a backtracking RegExp can take polynomial time of a high degree on a
 * long path (`*a*a*a*a*b`): an ignore file of a cloned repository is not trusted input either.
 */
const MAX_BACKTRACKING_REPETITIONS = 2;

/**
 * Compiles a globset glob into an anchored matcher over `/`-separated paths; throws
 * {@link GlobSyntaxError}. A glob with few `*` runs as a RegExp (fast, and it cannot blow up);
 * one with more runs in RE2 (linear time).
 */
export function compileGitignoreGlob(glob: string): StringTest {
  const tokens = parse(glob);
  if (tokens.length === 1 && tokens[0]!.type === 'recursive-prefix') return /^[\s\S]*$/u;
  const source = `^${toSource(tokens)}$`;
  const regexp = new RegExp(source, 'u');
  if (repetitions(tokens) <= MAX_BACKTRACKING_REPETITIONS) return regexp;
  // Characters are escaped as `\u{…}` (JavaScript); RE2 spells them `\x{…}`.
  try {
    return re2().compile(source.replaceAll('\\u{', '\\x{'));
  } catch (error) {
    throw new GlobSyntaxError((error as Error).message);
  }
}
