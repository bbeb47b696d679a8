import { isAscii } from 'node:buffer';
import { encodeTextFile } from '../internal/text-file.js';
import { type EditedFile, editedTextFile } from './apply-hunks.js';

/** One stretch of the new file: a range of the original's bytes, or new text. */
type Span = { readonly from: number; readonly to: number } | { readonly text: string; readonly bytes: number };

/**
 * The bytes of an edited file, `bytes` being its original's: the same bytes as
 * {@link encodeTextFile} of {@link editedTextFile}. An ASCII file (most source files; its
 * characters are its bytes) is spliced instead, each kept run of lines copied from `bytes` as it
 * is and only the new lines encoded, so a patch of a few hunks does not rebuild the whole file.
 * The spans are measured first and written into one buffer of their total size, so no buffer is
 * made per span and none is copied twice.
 */
export function encodeEditedFile(bytes: Uint8Array, edit: EditedFile): Buffer {
  const { original, pieces } = edit;
  if (original.bom || !isAscii(bytes)) return encodeTextFile(editedTextFile(edit));
  const { lines, endings, eol } = original;
  let total = 0;
  for (const piece of pieces) total += piece.kind === 'keep' ? piece.to - piece.from : piece.lines.length;
  const starts = new Int32Array(lines.length + 1);
  for (let line = 0; line < lines.length; line++)
    starts[line + 1] = starts[line]! + lines[line]!.length + endings[line]!.length;
  const spans: Span[] = [];
  let size = 0;
  const add = (text: string) => {
    const length = Buffer.byteLength(text, 'utf8');
    spans.push({ text, bytes: length });
    size += length;
  };
  let written = 0;
  for (const piece of pieces) {
    if (piece.kind === 'insert') {
      written += piece.lines.length;
      let text = `${piece.lines.join(eol)}${eol}`;
      // The new last line keeps the original's final-newline state.
      if (written === total && !original.finalNewline) text = text.slice(0, -eol.length);
      add(text);
      continue;
    }
    written += piece.to - piece.from;
    const lastLine = piece.to - 1;
    const had = endings[lastLine]!;
    // Every kept line keeps its ending but the run's last: a last line without one gets the
    // majority ending when lines follow, and the new last line keeps the final-newline state.
    const wanted = written === total && !original.finalNewline ? '' : had || eol;
    const from = starts[piece.from]!;
    const to = wanted === had ? starts[piece.to]! : starts[lastLine]! + lines[lastLine]!.length;
    spans.push({ from, to });
    size += to - from;
    if (wanted !== had && wanted !== '') add(wanted);
  }
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const span of spans) {
    if ('text' in span) at += out.write(span.text, at, span.bytes, 'utf8');
    else {
      out.set(bytes.subarray(span.from, span.to), at);
      at += span.to - span.from;
    }
  }
  return out;
}
