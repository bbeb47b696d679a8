/** Escapes one character for use inside a `u`-flag RegExp, in or outside a character class. */
export function escapeRegExpCharacter(character: string): string {
  return /[A-Za-z0-9_]/.test(character) ? character : `\\u{${character.codePointAt(0)!.toString(16)}}`;
}

/** Escapes a literal string for a `u`-flag RegExp. */
export function escapeRegExp(text: string): string {
  let out = '';
  for (const character of text) out += escapeRegExpCharacter(character);
  return out;
}
