import { type SpillTarget, spillText } from '@toolgate/core';

/**
 * Caps text sent to a model or client at `maxChars`: its first and last halves with a marker
 * between them that says how much was cut, so a reader never mistakes a truncated result for the
 * whole one, and what a result ends with (a tool's notice, the path of a file holding all of an
 * output) survives the cut. With a spill, longer text is kept whole in a file and the model reads
 * its head, its tail and the file's path.
 */
export function capText(text: string, maxChars: number, spill?: SpillTarget): string {
  if (text.length <= maxChars) return text;
  const spilled = spill ? spillText(text, maxChars, spill) : undefined;
  if (spilled && 'text' in spilled) return spilled.text;
  const note = spilled ? `\n${spilled.note}` : '';
  const tail = Math.floor(maxChars / 2);
  const head = maxChars - tail;
  return `${text.slice(0, head)}\n… [truncated: showing the first ${head} and the last ${tail} of ${text.length} characters] …\n${text.slice(text.length - tail)}${note}`;
}
