import { isAscii } from 'node:buffer';
import { encodeTextFile, type TextFile } from './text-file.js';

/**
 * The bytes of `edited`, a file made from `original` (decoded from `bytes`) where `kept` gives,
 * per line of `edited`, the line of `original` it is with its ending (or -1): the same bytes as
 * {@link encodeTextFile} of `edited`. An ASCII file (most source files; its characters are its
 * bytes) is spliced instead, each run of kept lines copied from `bytes` as it is and only the new
 * lines encoded, so a patch of a few hunks does not re-encode the whole file.
 */
export function encodeEditedFile(
  bytes: Uint8Array,
  original: TextFile,
  edited: TextFile,
  kept: Int32Array,
): Buffer {
  if (original.bom || !isAscii(bytes)) return encodeTextFile(edited);
  const starts = new Int32Array(original.lines.length + 1);
  for (let line = 0; line < original.lines.length; line++)
    starts[line + 1] = starts[line]! + original.lines[line]!.length + original.endings[line]!.length;
  const pieces: Uint8Array[] = [];
  let text = '';
  let line = 0;
  while (line < edited.lines.length) {
    const from = kept[line]!;
    if (from < 0) {
      text += edited.lines[line]! + edited.endings[line]!;
      line++;
      continue;
    }
    let to = from;
    line++;
    while (line < edited.lines.length && kept[line] === to + 1) {
      to++;
      line++;
    }
    if (text !== '') pieces.push(Buffer.from(text, 'utf8'));
    text = '';
    pieces.push(bytes.subarray(starts[from]!, starts[to + 1]!));
  }
  if (text !== '') pieces.push(Buffer.from(text, 'utf8'));
  return Buffer.concat(pieces);
}
