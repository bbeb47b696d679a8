const DASHES = /[\u2010-\u2015\u2212]/g;
const SINGLE_QUOTES = /[\u2018-\u201B]/g;
const DOUBLE_QUOTES = /[\u201C-\u201F]/g;
const SPACES = /[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g;

/**
 * Codex's fourth matching pass: the trimmed line with typographic dashes, quotes and spaces
 * folded to ASCII, and Unicode canonical equivalents (NFC/NFD) made equal.
 */
export function normalizePunctuation(line: string): string {
  return line
    .trim()
    .normalize('NFC')
    .replace(DASHES, '-')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(SPACES, ' ');
}

/** Loosest comparison form, for hints only: punctuation folded and whitespace runs collapsed. */
export function looseLine(line: string): string {
  return normalizePunctuation(line).replace(/\s+/g, ' ');
}
