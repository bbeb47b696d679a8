// C0 controls, DEL, C1 controls, and the invisible characters that reorder or hide text
// (zero-width marks, bidirectional embeddings, overrides and isolates, the line and paragraph
// separators, the byte-order mark).
const HIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const HIDDEN_EXCEPT_LINE_FEED =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\u001b': '\\e' };

function escapeOne(character: string): string {
  const named = NAMED[character];
  if (named) return named;
  const code = character.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Shows control characters, escape sequences and invisible reordering characters as visible
 * escapes (`\e[2K`, `\r`, `\u202e`), so what a person reads on a terminal is what will run.
 * With `keepLineFeeds`, line feeds stay (for diffs and multi-line output).
 */
export function escapeControlCharacters(text: string, options: { keepLineFeeds?: boolean } = {}): string {
  return text.replace(options.keepLineFeeds ? HIDDEN_EXCEPT_LINE_FEED : HIDDEN, escapeOne);
}
