import { isAscii } from 'node:buffer';

/** Longest `content` a grep match carries; longer lines are clipped with a marker. */
export const MAX_LINE_LENGTH = 2000;

/** One matching line. */
export interface LineMatch {
  readonly line: number;
  readonly content: string;
}

/**
 * Decodes a file as ripgrep 13 does before searching: a UTF-16 BOM transcodes, a UTF-8 BOM is
 * dropped, and a NUL byte (after transcoding) marks the file binary: undefined, no matches.
 */
export function decodeSearchText(buffer: Buffer): string | undefined {
  let text: string;
  if (buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe) {
    text = buffer.subarray(2).toString('utf16le');
  } else if (buffer.length >= 2 && buffer[0] === 0xfe && buffer[1] === 0xff) {
    const swapped = Buffer.from(buffer.subarray(2, 2 + ((buffer.length - 2) & ~1)));
    text = swapped.swap16().toString('utf16le');
  } else {
    if (buffer.includes(0)) return undefined;
    const start =
      buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
    return buffer.toString('utf8', start);
  }
  return text.includes('\0') ? undefined : text;
}

/** The `content` of a match: the line without its terminator, clipped past {@link MAX_LINE_LENGTH}. */
export function toContent(line: string): string {
  let content = line;
  if (content.endsWith('\n')) content = content.slice(0, -1);
  if (content.endsWith('\r')) content = content.slice(0, -1);
  if (content.length <= MAX_LINE_LENGTH) return content;
  let end = MAX_LINE_LENGTH;
  const last = content.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${content.slice(0, end)}… [line clipped: ${content.length} characters]`;
}

const CARRIAGE_RETURN = 13;

/**
 * {@link toContent} of the UTF-8 line `data[start..end)` (no `\n`), without decoding all of a long
 * ASCII line (a minified bundle's megabytes): its characters are its bytes, so only the part kept
 * is decoded. Any other line is decoded whole, as before.
 */
export function contentOfBytes(data: Buffer, start: number, end: number): string {
  const stop = end > start && data[end - 1] === CARRIAGE_RETURN ? end - 1 : end;
  if (stop - start <= MAX_LINE_LENGTH || !isAscii(data.subarray(start, stop)))
    return toContent(data.toString('utf8', start, end));
  return `${data.toString('latin1', start, start + MAX_LINE_LENGTH)}… [line clipped: ${stop - start} characters]`;
}

/** Anything that tests a string: a RegExp, or a linear-time RE2 matcher. */
export interface StringTest {
  test(input: string): boolean;
}

/**
 * Every line of `text` that `matcher` matches (one entry per line, numbered from `firstLine`).
 * `prefilter` (the same pattern, multi-line) skips texts with no match at all without splitting
 * them into lines.
 */
export function searchText(
  text: string,
  matcher: StringTest,
  prefilter: StringTest | undefined,
  firstLine = 1,
): LineMatch[] {
  if (prefilter && !prefilter.test(text)) return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const matches: LineMatch[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (matcher.test(line)) matches.push({ line: firstLine + index, content: toContent(line) });
  }
  return matches;
}
