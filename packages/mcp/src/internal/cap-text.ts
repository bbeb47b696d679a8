import { type SpillTarget, spillText } from '@toolgate/core';

/**
 * Caps text sent to a model or client at `maxChars`, ending it with a marker that says how much
 * was cut, so a reader never mistakes a truncated result for the whole one. With a spill, longer
 * text is kept whole in a file and the model reads its head, its tail and the file's path.
 */
export function capText(text: string, maxChars: number, spill?: SpillTarget): string {
  if (text.length <= maxChars) return text;
  const spilled = spill ? spillText(text, maxChars, spill) : undefined;
  if (spilled && 'text' in spilled) return spilled.text;
  const note = spilled ? `\n${spilled.note}` : '';
  return `${text.slice(0, maxChars)}\n… [truncated: showing ${maxChars} of ${text.length} characters]${note}`;
}
