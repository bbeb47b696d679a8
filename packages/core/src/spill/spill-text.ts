import type { OutputSpill } from './output-spill.js';
import { spilledOutputMarker } from './spill-description.js';

/** Where {@link spillText} keeps a text: the session's spill and the file's label. */
export interface SpillTarget {
  readonly spill: OutputSpill;
  readonly label: string;
}

const encoder = new TextEncoder();

/**
 * Keeps a text longer than `maxChars` whole in the spill (a tool's result already in memory: an
 * MCP server's answer) and returns what the model reads instead: the first and last halves of
 * `maxChars` around a marker naming the file. When the spill refuses it (the session's disk cap),
 * returns its note, and the caller cuts the text as it would without a spill.
 */
export function spillText(
  text: string,
  maxChars: number,
  target: SpillTarget,
): { readonly text: string } | { readonly note: string } {
  const writer = target.spill.open(target.label);
  writer.write(encoder.encode(text));
  const outcome = writer.close();
  if ('note' in outcome) return outcome;
  const head = text.slice(0, Math.ceil(maxChars / 2));
  const tail = text.slice(text.length - Math.floor(maxChars / 2));
  const omitted = outcome.bytes - encoder.encode(head).length - encoder.encode(tail).length;
  return { text: `${head}${spilledOutputMarker(omitted, outcome)}${tail}` };
}
