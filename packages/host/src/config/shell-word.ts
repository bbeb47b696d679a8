/** A word as `/bin/sh` reads it back unchanged: plain when it can be, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
