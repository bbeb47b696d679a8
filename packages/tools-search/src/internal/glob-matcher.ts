import type { RE2JS } from 're2js';
import { findClosingDelimiter, splitTopLevel } from './balanced-delimiters.js';
import { escapeRegExpCharacter } from './escape-regexp.js';
import { expandBraces } from './expand-braces.js';
import { re2 } from './re2.js';

/** A compiled glob: tests `/`-separated relative paths (in linear time). */
export type PathMatcher = (relativePath: string) => boolean;

/**
 * A glob as compiled: a linear-time matcher (RE2), or, for the negated extglob `!(…)` (a
 * look-ahead, which RE2 lacks), the JavaScript RegExp, which backtracks and so only ever runs in a
 * worker under the call's deadline.
 */
export type CompiledGlob =
  | { readonly type: 'linear'; readonly matcher: PathMatcher }
  | { readonly type: 'backtracking'; readonly regexp: RegExp };

/** A pattern the glob dialect cannot take. */
export class GlobPatternError extends Error {}

const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  ascii: '\\x00-\\x7F',
  blank: ' \\t',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '\\x21-\\x7E',
  lower: 'a-z',
  print: '\\x20-\\x7E ',
  punct: '\\-!"#$%&\'()\\*+,.\\/:;<=>?@[\\]^_`{|}~',
  space: ' \\t\\r\\n\\v\\f',
  upper: 'A-Z',
  word: 'A-Za-z0-9_',
  xdigit: 'A-Fa-f0-9',
};

/** Compiles a bracket expression starting at `start` (the `[`); returns the source and the index after `]`. */
function compileClass(segment: string, start: number): { source: string; end: number } | undefined {
  let index = start + 1;
  let negated = false;
  if (segment[index] === '!' || segment[index] === '^') {
    negated = true;
    index++;
  }
  let body = '';
  let first = true;
  while (index < segment.length) {
    const character = segment[index]!;
    if (character === ']' && !first) {
      return { source: `[${negated ? '^' : ''}${body}]`, end: index + 1 };
    }
    first = false;
    if (character === '[' && segment[index + 1] === ':') {
      const close = segment.indexOf(':]', index + 2);
      const name = close > 0 ? segment.slice(index + 2, close) : '';
      const posix = POSIX_CLASSES[name];
      if (posix !== undefined) {
        body += posix;
        index = close + 2;
        continue;
      }
    }
    if (character === '\\' && index + 1 < segment.length) {
      body += escapeRegExpCharacter(segment[index + 1]!);
      index += 2;
      continue;
    }
    if (character === '-' && body !== '' && segment[index + 1] !== ']' && index + 1 < segment.length) {
      body += '-';
      index++;
      continue;
    }
    body += escapeRegExpCharacter(character);
    index++;
  }
  return undefined;
}

const PARENTHESES = { open: '(', close: ')' } as const;

/** Compiles one path segment (no `/`, not `**`). */
function compileSegment(segment: string): string {
  let source = '';
  let index = 0;
  while (index < segment.length) {
    const character = segment[index]!;
    const next = segment[index + 1];
    if ('@?+*!'.includes(character) && next === '(') {
      const close = findClosingDelimiter(segment, index + 1, PARENTHESES);
      if (close > 0) {
        const alternatives = splitTopLevel(segment.slice(index + 2, close), '|', PARENTHESES)
          .map(compileSegment)
          .join('|');
        if (character === '@') source += `(?:${alternatives})`;
        else if (character === '?') source += `(?:${alternatives})?`;
        else if (character === '+') source += `(?:${alternatives})+`;
        else if (character === '*') source += `(?:${alternatives})*`;
        else source += `(?:(?!(?:${alternatives})$)[^/]*?)`;
        index = close + 1;
        continue;
      }
    }
    if (character === '(') {
      const close = findClosingDelimiter(segment, index, PARENTHESES);
      if (close > 0) {
        source += `(?:${splitTopLevel(segment.slice(index + 1, close), '|', PARENTHESES)
          .map(compileSegment)
          .join('|')})`;
        index = close + 1;
        continue;
      }
    }
    if (character === '*') {
      while (segment[index] === '*') index++;
      source += '[^/]*';
      continue;
    }
    if (character === '?') {
      source += '[^/]';
      index++;
      continue;
    }
    if (character === '[') {
      const compiled = compileClass(segment, index);
      if (compiled) {
        source += compiled.source;
        index = compiled.end;
        continue;
      }
    }
    if (character === '\\') {
      if (index + 1 < segment.length) {
        source += escapeRegExpCharacter(segment[index + 1]!);
        index += 2;
        continue;
      }
      index++;
      continue;
    }
    source += escapeRegExpCharacter(character);
    index++;
  }
  return source;
}

function splitSegments(pattern: string): string[] {
  const segments: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index];
    if (character === '\\') {
      index++;
      continue;
    }
    if (character === '(') depth++;
    else if (character === ')') depth = Math.max(0, depth - 1);
    else if (character === '/' && depth === 0) {
      segments.push(pattern.slice(start, index));
      start = index + 1;
    }
  }
  segments.push(pattern.slice(start));
  return segments;
}

function compileExpanded(pattern: string): string {
  // fast-glob reads a segment that starts with `**.` (`**.js`) as `**/*.js`; elsewhere `**` is a `*`.
  const split = splitSegments(pattern).flatMap((segment) =>
    segment.startsWith('**.') ? ['**', `*${segment.replace(/^\*+/, '')}`] : [segment],
  );
  const segments = split.filter(
    (segment, index, all) =>
      (segment !== '' || index === all.length - 1) && !(segment === '**' && all[index - 1] === '**'),
  );
  // A trailing `/` asks for directories; glob returns files only, so nothing matches.
  if (segments[segments.length - 1] === '') return '[^\\s\\S]';
  let source = '';
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const last = index === segments.length - 1;
    if (segment === '**') {
      // Zero or more whole segments; a trailing `/**` needs one at least (files below, not the directory).
      source += last
        ? index === 0
          ? '[\\s\\S]*'
          : '/[\\s\\S]*'
        : index === 0
          ? '(?:[\\s\\S]*/)?'
          : '(?:/[\\s\\S]*)?/';
      continue;
    }
    if (index > 0 && segments[index - 1] !== '**') source += '/';
    source += compileSegment(segment);
  }
  return source;
}

/** A file-name glob of literal characters and `*` only (no class, extglob, escape or `**`). */
const STAR_NAME = /^[^/*?[\]{}()!@+\\]*(?:\*[^/*?[\]{}()!@+\\]+)*\*?$/;

/** Whether `name` (no `/`) matches a {@link STAR_NAME} glob: its pieces in order, leftmost first. */
function matchesStarName(pieces: readonly string[], name: string): boolean {
  const first = pieces[0]!;
  if (pieces.length === 1) return name === first;
  const last = pieces[pieces.length - 1]!;
  if (name.length < first.length + last.length || !name.startsWith(first) || !name.endsWith(last))
    return false;
  let at = first.length;
  const end = name.length - last.length;
  for (let index = 1; index < pieces.length - 1; index++) {
    const found = name.indexOf(pieces[index]!, at);
    if (found < 0 || found + pieces[index]!.length > end) return false;
    at = found + pieces[index]!.length;
  }
  return true;
}

/**
 * The matcher of the commonest globs, `*.ts`, `**\/*.test.ts`, `**\/package.json` (after brace
 * expansion, each alternative a {@link STAR_NAME} file name, alone or after a leading `**\/`), by
 * string comparison: the same answers as their compiled expression, without loading re2js (some
 * 40 ms of a whole `toolgate call glob`). Undefined for any other glob.
 */
function starNameMatcher(expanded: readonly string[]): PathMatcher | undefined {
  const alternatives: { anyDirectory: boolean; pieces: string[] }[] = [];
  for (const alternative of expanded) {
    const anyDirectory = alternative.startsWith('**/');
    const name = anyDirectory ? alternative.slice(3) : alternative;
    if (name === '' || !STAR_NAME.test(name)) return undefined;
    alternatives.push({ anyDirectory, pieces: name.split('*') });
  }
  return (relativePath) => {
    const slash = relativePath.lastIndexOf('/');
    const name = slash < 0 ? relativePath : relativePath.slice(slash + 1);
    return alternatives.some(
      (alternative) => (alternative.anyDirectory || slash < 0) && matchesStarName(alternative.pieces, name),
    );
  };
}

/** Whether {@link compileGlob} compiles `pattern` without re2js (see `starNameMatcher`): no `loadRe2()` needed first. */
export function isStarNameGlob(pattern: string): boolean {
  const expanded = expandBraces(pattern.replace(/^(?:\.\/)+/, ''));
  return expanded !== undefined && starNameMatcher(expanded) !== undefined;
}

/** The look-ahead that `!(…)` compiles to. */
const NEGATED_EXTGLOB = '(?:(?!(?:';

/**
 * Compiles a glob in fast-glob's dialect (micromatch with `dot: true`): `*`, `?`, `**` as whole
 * segments (`**\/*.ts` matches `a.ts` at the top), `[...]` with POSIX classes, `{a,b}` and
 * `{1..3}`, extglobs `@(a|b)` `?(…)` `+(…)` `*(…)` `!(…)`, `\` escapes. The result runs in RE2
 * (linear time: `*a*a*a*b` or `+(a|aa)` cannot blow up on a long name) except for `!(…)`.
 */
export function compileGlob(pattern: string): CompiledGlob {
  const expanded = expandBraces(pattern.replace(/^(?:\.\/)+/, ''));
  if (expanded === undefined)
    throw new GlobPatternError(`brace expansion of ${JSON.stringify(pattern)} is too large`);
  const source = `^(?:${expanded.map(compileExpanded).join('|')})$`;
  let regexp: RegExp;
  try {
    regexp = new RegExp(source, 'u');
  } catch (error) {
    throw new GlobPatternError((error as Error).message);
  }
  if (source.includes(NEGATED_EXTGLOB)) return { type: 'backtracking', regexp };
  const simple = starNameMatcher(expanded);
  if (simple) return { type: 'linear', matcher: simple };
  // The source escapes characters as `\u{…}` (JavaScript); RE2 spells them `\x{…}`. A backslash of
  // the pattern itself is always escaped that way, so every `\u{` here is one of ours.
  let linear: RE2JS;
  try {
    linear = re2().compile(source.replaceAll('\\u{', '\\x{'));
  } catch (error) {
    throw new GlobPatternError((error as Error).message);
  }
  return { type: 'linear', matcher: (relativePath) => linear.test(relativePath) };
}
