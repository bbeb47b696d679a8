import { describe, expect, it } from 'vitest';
import { HeadTailCapture, truncationMarker } from './head-tail-capture.js';
import { releaseChunk } from './release-chunk.js';

/** A chunk as a pipe read is: a buffer that is the whole of its own ArrayBuffer. */
function ownChunk(text: string): Buffer {
  const chunk = Buffer.alloc(Buffer.byteLength(text));
  chunk.write(text);
  return chunk;
}

describe('releaseChunk', () => {
  it('empties a chunk that is the whole of its ArrayBuffer', () => {
    const chunk = ownChunk('x'.repeat(4096));
    releaseChunk(chunk);
    expect(chunk.length).toBe(0);
    expect(chunk.buffer.byteLength).toBe(0);
  });

  it('leaves alone a slice of a larger buffer and the pooled buffers of small Buffer.from', () => {
    const whole = ownChunk('abcdef');
    const slice = whole.subarray(2);
    releaseChunk(slice);
    expect(slice.toString()).toBe('cdef');
    expect(whole.toString()).toBe('abcdef');
    const pooled = Buffer.from('pooled');
    const neighbour = Buffer.from('neighbour');
    releaseChunk(pooled);
    expect(pooled.toString()).toBe('pooled');
    expect(neighbour.toString()).toBe('neighbour');
  });
});

describe('HeadTailCapture that owns its chunks', () => {
  const text = Array.from({ length: 20_000 }, (_, index) => String.fromCharCode(97 + (index % 26))).join('');

  it.each([
    ['byte by byte', 1],
    ['in chunks of 97', 97],
    ['in chunks of 4096', 4096],
    ['in one chunk', 100_000],
  ])('keeps the same head and tail as one that does not, arriving %s', (_name, size) => {
    const owning = new HeadTailCapture(1024, undefined, { ownsChunks: true });
    const plain = new HeadTailCapture(1024);
    for (let offset = 0; offset < text.length; offset += size) {
      plain.push(Buffer.from(text.slice(offset, offset + size)));
      owning.push(ownChunk(text.slice(offset, offset + size)));
    }
    const expected = {
      text: text.slice(0, 512) + truncationMarker(20_000 - 1024, 1024) + text.slice(-512),
      totalBytes: 20_000,
      droppedBytes: 20_000 - 1024,
    };
    expect(plain.finish()).toEqual(expected);
    expect(owning.finish()).toEqual(expected);
  });

  it('frees a chunk copied whole into the head and chunks dropped from the tail, not those it keeps', () => {
    const capture = new HeadTailCapture(1024, undefined, { ownsChunks: true });
    const intoHead = ownChunk('h'.repeat(512));
    capture.push(intoHead);
    expect(intoHead.length).toBe(0);
    const first = ownChunk('a'.repeat(600));
    const second = ownChunk('b'.repeat(600));
    capture.push(first);
    capture.push(second);
    // The second alone covers the 512-byte tail: the first is dropped and freed, the second kept.
    expect(first.length).toBe(0);
    expect(second.toString()).toBe('b'.repeat(600));
    expect(capture.finish().text).toBe('h'.repeat(512) + truncationMarker(600 + 88, 1024) + 'b'.repeat(512));
  });

  it('never frees what it was given without owning it', () => {
    const capture = new HeadTailCapture(1024);
    const chunks = [ownChunk('h'.repeat(512)), ownChunk('a'.repeat(600)), ownChunk('b'.repeat(600))];
    for (const chunk of chunks) capture.push(chunk);
    capture.finish();
    expect(chunks.map((chunk) => chunk.length)).toEqual([512, 600, 600]);
  });
});
