import { isAscii } from 'node:buffer';
import { encodeTextFile } from '../internal/text-file.js';
import { type EditedFile, editedTextFile } from './apply-hunks.js';

/**
 * The bytes of an edited file, `bytes` being its original's: the same bytes as
 * {@link encodeTextFile} of {@link editedTextFile}. An ASCII file (most source files; its
 * characters are its bytes) is spliced instead, each kept run of lines copied from `bytes` as it
 * is and only the new lines encoded, so a patch of a few hunks does not rebuild the whole file.
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
  const parts: Uint8Array[] = [];
  let written = 0;
  for (const piece of pieces) {
    if (piece.kind === 'insert') {
      written += piece.lines.length;
      let text = `${piece.lines.join(eol)}${eol}`;
      // The new last line keeps the original's final-newline state.
      if (written === total && !original.finalNewline) text = text.slice(0, -eol.length);
      parts.push(Buffer.from(text, 'utf8'));
      continue;
    }
    written += piece.to - piece.from;
    const lastLine = piece.to - 1;
    const had = endings[lastLine]!;
    // Every kept line keeps its ending but the run's last: a last line without one gets the
    // majority ending when lines follow, and the new last line keeps the final-newline state.
    const wanted = written === total && !original.finalNewline ? '' : had || eol;
    if (wanted === had) {
      parts.push(bytes.subarray(starts[piece.from]!, starts[piece.to]!));
    } else {
      parts.push(bytes.subarray(starts[piece.from]!, starts[lastLine]! + lines[lastLine]!.length));
      if (wanted !== '') parts.push(Buffer.from(wanted, 'latin1'));
    }
  }
  return Buffer.concat(parts);
}
