import { describe, expect, it } from 'vitest';
import { HeadTailCapture, truncationMarker } from './head-tail-capture.js';

function capture(limit: number, chunks: (string | Buffer)[]) {
  const target = new HeadTailCapture(limit);
  for (const chunk of chunks) target.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return target.finish();
}

describe('HeadTailCapture', () => {
  it('keeps everything up to the limit, across chunk boundaries', () => {
    const text = 'a'.repeat(600) + 'b'.repeat(424);
    expect(capture(1024, [text.slice(0, 100), text.slice(100, 700), text.slice(700)])).toEqual({
      text,
      totalBytes: 1024,
      droppedBytes: 0,
    });
  });

  it('drops the middle beyond the limit and says how many bytes', () => {
    const text = `${'h'.repeat(512)}${'m'.repeat(3000)}${'t'.repeat(512)}`;
    const chunks = text.match(/.{1,97}/gs)!;
    expect(capture(1024, chunks)).toEqual({
      text: 'h'.repeat(512) + truncationMarker(3000, 1024) + 't'.repeat(512),
      totalBytes: 4024,
      droppedBytes: 3000,
    });
  });

  it('keeps the exact tail when a stream arrives byte by byte', () => {
    const text = Array.from({ length: 5000 }, (_, index) => String.fromCharCode(97 + (index % 26))).join('');
    expect(capture(1024, [...text])).toEqual({
      text: text.slice(0, 512) + truncationMarker(5000 - 1024, 1024) + text.slice(-512),
      totalBytes: 5000,
      droppedBytes: 3976,
    });
  });

  it('decodes a multi-byte character split across chunks', () => {
    const bytes = Buffer.from('x€y');
    expect(capture(1024, [bytes.subarray(0, 2), bytes.subarray(2)]).text).toBe('x€y');
  });

  it('turns invalid UTF-8 into U+FFFD', () => {
    expect(capture(1024, [Buffer.from([0x61, 0xff, 0xc3, 0x62])]).text).toBe('a\uFFFD\uFFFDb');
  });

  it('returns empty text for an empty stream', () => {
    expect(capture(1024, [])).toEqual({ text: '', totalBytes: 0, droppedBytes: 0 });
  });
});
