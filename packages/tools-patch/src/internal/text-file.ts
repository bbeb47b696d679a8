/** A decoded UTF-8 text file, split into lines that remember their own line endings. */
export interface TextFile {
  /** The file started with a UTF-8 byte order mark. */
  readonly bom: boolean;
  /** Line contents without their ending (a `\r` before `\n` belongs to the ending). */
  readonly lines: readonly string[];
  /** Each line's ending: `\r\n`, `\n`, or `''` for a last line without a final newline. */
  readonly endings: readonly string[];
  /** The file ended with a line break (an empty file counts as ending with one). */
  readonly finalNewline: boolean;
  /** The majority line ending, used for inserted lines; LF on a tie. */
  readonly eol: '\n' | '\r\n';
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes bytes as UTF-8 text, or undefined when they look binary (a NUL byte) or are not UTF-8. */
export function decodeTextFile(bytes: Uint8Array): TextFile | undefined {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  if (body.includes(0)) return undefined;
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    return undefined;
  }
  return splitText(text, bom);
}

/** Splits already-decoded text (without its BOM) into a {@link TextFile}. */
export function splitText(text: string, bom = false): TextFile {
  if (text === '') return { bom, lines: [], endings: [], finalNewline: true, eol: '\n' };
  const raw = text.split('\n');
  const finalNewline = raw[raw.length - 1] === '';
  if (finalNewline) raw.pop();
  if (!text.includes('\r')) {
    // LF only (most files): the split is the lines, every ending `\n` but maybe the last.
    const endings: string[] = new Array(raw.length).fill('\n');
    if (!finalNewline) endings[raw.length - 1] = '';
    return { bom, lines: raw, endings, finalNewline, eol: '\n' };
  }
  const lines: string[] = new Array(raw.length);
  const endings: string[] = new Array(raw.length);
  let crlf = 0;
  const last = raw.length - 1;
  for (let index = 0; index < raw.length; index++) {
    const line = raw[index]!;
    if (index === last && !finalNewline) {
      lines[index] = line;
      endings[index] = '';
    } else if (line.endsWith('\r')) {
      lines[index] = line.slice(0, -1);
      endings[index] = '\r\n';
      crlf++;
    } else {
      lines[index] = line;
      endings[index] = '\n';
    }
  }
  const lf = raw.length - (finalNewline ? 0 : 1) - crlf;
  return { bom, lines, endings, finalNewline, eol: crlf > lf ? '\r\n' : '\n' };
}

/** The text of a file (without BOM), exactly as its lines and endings say. */
export function joinTextFile(file: TextFile): string {
  // One join copies every piece once; growing a string piece by piece builds a rope to flatten.
  const { lines, endings } = file;
  const parts: string[] = new Array(lines.length * 2);
  for (let index = 0; index < lines.length; index++) {
    parts[index * 2] = lines[index]!;
    parts[index * 2 + 1] = endings[index]!;
  }
  return parts.join('');
}

/** Encodes a text file back to bytes, BOM included. */
export function encodeTextFile(file: TextFile): Buffer {
  const body = Buffer.from(joinTextFile(file), 'utf8');
  return file.bom ? Buffer.concat([BOM, body]) : body;
}

/** Text for diffs and messages: BOM dropped, CRLF shown as LF. */
export function displayText(bytes: Uint8Array | null): string | undefined {
  if (bytes === null) return '';
  const file = decodeTextFile(bytes);
  if (!file) return undefined;
  return file.lines.map((line, index) => line + (file.endings[index] === '' ? '' : '\n')).join('');
}
