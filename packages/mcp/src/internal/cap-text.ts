/**
 * Caps text sent to a model or client at `maxChars`, ending it with a marker that says how much
 * was cut, so a reader never mistakes a truncated result for the whole one.
 */
export function capText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n… [truncated: showing ${maxChars} of ${text.length} characters]`;
}
