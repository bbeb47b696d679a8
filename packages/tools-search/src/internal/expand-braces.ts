import { findClosingDelimiter, splitTopLevel } from './balanced-delimiters.js';

const BRACES = { open: '{', close: '}' } as const;

const NUMERIC_RANGE = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/;
const ALPHA_RANGE = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/;
const MAX_EXPANSIONS = 10_000;

function expandRange(body: string): string[] | undefined {
  const numeric = NUMERIC_RANGE.exec(body);
  if (numeric) {
    const from = Number(numeric[1]);
    const to = Number(numeric[2]);
    const step = Math.abs(Number(numeric[3] ?? 1)) || 1;
    const width =
      /^-?0\d/.test(numeric[1]!) || /^-?0\d/.test(numeric[2]!)
        ? Math.max(numeric[1]!.length, numeric[2]!.length)
        : 0;
    const values: string[] = [];
    const direction = from <= to ? 1 : -1;
    for (let value = from; direction > 0 ? value <= to : value >= to; value += direction * step) {
      values.push(
        width > 0
          ? String(Math.abs(value))
              .padStart(width - (value < 0 ? 1 : 0), '0')
              .replace(/^/, value < 0 ? '-' : '')
          : String(value),
      );
      if (values.length > MAX_EXPANSIONS) return undefined;
    }
    return values;
  }
  const alpha = ALPHA_RANGE.exec(body);
  if (alpha) {
    const from = alpha[1]!.charCodeAt(0);
    const to = alpha[2]!.charCodeAt(0);
    const step = Math.abs(Number(alpha[3] ?? 1)) || 1;
    const values: string[] = [];
    const direction = from <= to ? 1 : -1;
    for (let code = from; direction > 0 ? code <= to : code >= to; code += direction * step) {
      values.push(String.fromCharCode(code));
    }
    return values;
  }
  return undefined;
}

/**
 * Expands braces as fast-glob (micromatch's `braces`) does: `{a,b}` alternatives (nested too),
 * `{1..3}` and `{a..c}` ranges; a brace without a comma or range, or an unbalanced one, is literal.
 * Returns undefined when the expansion would be unreasonably large.
 */
export function expandBraces(pattern: string): string[] | undefined {
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index];
    if (character === '\\') {
      index++;
      continue;
    }
    if (character !== '{') continue;
    const close = findClosingDelimiter(pattern, index, BRACES);
    if (close < 0) return [pattern];
    const body = pattern.slice(index + 1, close);
    const head = pattern.slice(0, index);
    const tail = pattern.slice(close + 1);
    const parts = splitTopLevel(body, ',', BRACES);
    let alternatives: string[] | undefined;
    if (parts.length > 1) alternatives = parts;
    else alternatives = expandRange(body);
    if (alternatives === undefined) {
      // Literal braces: keep them (escaped) and expand what follows.
      const rest = expandBraces(tail);
      const inner = expandBraces(body);
      if (rest === undefined || inner === undefined) return undefined;
      const out: string[] = [];
      for (const middle of inner) for (const end of rest) out.push(`${head}\\{${middle}\\}${end}`);
      return out;
    }
    const out: string[] = [];
    for (const alternative of alternatives) {
      const expanded = expandBraces(head + alternative + tail);
      if (expanded === undefined) return undefined;
      for (const item of expanded) {
        out.push(item);
        if (out.length > MAX_EXPANSIONS) return undefined;
      }
    }
    return out;
  }
  return [pattern];
}

const SAFE_NAME_GLOB = /^[A-Za-z0-9._-]*\*?[A-Za-z0-9._-]*$/;

/**
 * The name globs ripgrep can pre-filter with (`--type-add`) for a glob on file names: its brace
 * expansions, when each is plain characters and at most one `*` (read the same by globset and
 * fast-glob). Undefined when the glob is anything fancier.
 */
export function simpleNameGlobs(nameGlob: string): string[] | undefined {
  if (nameGlob.includes('/')) return undefined;
  const expanded = expandBraces(nameGlob);
  return expanded?.every((glob) => glob !== '' && SAFE_NAME_GLOB.test(glob)) ? expanded : undefined;
}
