/**
 * AI4J's `clip`: line breaks become spaces, the text is trimmed, and anything past `maxLength`
 * characters is cut and marked with `...`.
 */
export function clipText(text: string, maxLength: number): string {
  const flat = text.replace(/\r\n|\r|\n/g, ' ').trim();
  return flat.length <= maxLength ? flat : `${flat.slice(0, maxLength)}...`;
}
