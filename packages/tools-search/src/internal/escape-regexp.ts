/** Escapes one character for use inside a `u`-flag RegExp, in or outside a character class. */
export function escapeRegExpCharacter(character: string): string {
  return /[A-Za-z0-9_]/.test(character) ? character : `\\u{${character.codePointAt(0)!.toString(16)}}`;
}
