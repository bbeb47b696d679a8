import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentOfBytes, MAX_LINE_LENGTH, toContent } from './search-text.js';

describe('contentOfBytes', () => {
  const pieces = fc.constantFrom('a', 'x'.repeat(700), '\r', '\u00e9', '\u{1f600}', '\t', ' ');

  it('is toContent of the decoded line, for short, long, ASCII and non-ASCII lines', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), fc.boolean(), (parts, carriageReturn) => {
        const line = `${parts.join('')}${carriageReturn ? '\r' : ''}`;
        const bytes = Buffer.from(`>${line}<`, 'utf8');
        expect(contentOfBytes(bytes, 1, bytes.length - 1)).toBe(toContent(line));
      }),
    );
  });

  it('clips a long ASCII line and counts its characters without the carriage return', () => {
    const line = `${'y'.repeat(MAX_LINE_LENGTH + 5)}\r`;
    expect(contentOfBytes(Buffer.from(line), 0, line.length)).toBe(
      `${'y'.repeat(MAX_LINE_LENGTH)}… [line clipped: ${MAX_LINE_LENGTH + 5} characters]`,
    );
  });

  it('decodes bytes that are not UTF-8 as U+FFFD, as before', () => {
    const bytes = Buffer.concat([Buffer.from('z'.repeat(MAX_LINE_LENGTH + 1)), Buffer.from([0xff, 0xc3])]);
    expect(contentOfBytes(bytes, 0, bytes.length)).toBe(toContent(bytes.toString('utf8')));
  });
});
