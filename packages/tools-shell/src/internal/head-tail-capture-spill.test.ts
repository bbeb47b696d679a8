import { spilledOutputMarker } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { memorySpill } from '../test-support/memory-spill.js';
import { HeadTailCapture } from './head-tail-capture.js';

describe('HeadTailCapture with a spill', () => {
  it.each([
    ['byte by byte', 1],
    ['in chunks of 97', 97],
    ['in one chunk', 100_000],
  ])('writes every byte of an oversized stream arriving %s', (_name, size) => {
    const text = Array.from({ length: 5000 }, (_, index) => String.fromCharCode(97 + (index % 26))).join('');
    const { spill, files } = memorySpill();
    const capture = new HeadTailCapture(1024, { spill, label: 'bash-stdout' });
    for (let offset = 0; offset < text.length; offset += size)
      capture.push(Buffer.from(text.slice(offset, offset + size)));
    const captured = capture.finish();
    const spilled = { path: '/spill/1-bash-stdout.txt', bytes: 5000 };
    expect(captured).toEqual({
      text: text.slice(0, 512) + spilledOutputMarker(3976, spilled) + text.slice(-512),
      totalBytes: 5000,
      droppedBytes: 3976,
      spilled,
    });
    expect(Buffer.concat(files.get(spilled.path)!).toString()).toBe(text);
  });

  it('opens no file for a stream within its cap', () => {
    const { spill, files } = memorySpill();
    const capture = new HeadTailCapture(1024, { spill, label: 'bash-stdout' });
    capture.push(Buffer.from('x'.repeat(1024)));
    expect(capture.finish()).toEqual({ text: 'x'.repeat(1024), totalBytes: 1024, droppedBytes: 0 });
    expect(files.size).toBe(0);
  });

  it('cuts as before and adds the note when the spill refuses', () => {
    const { spill } = memorySpill(2000);
    const capture = new HeadTailCapture(1024, { spill, label: 'bash-stderr' });
    capture.push(Buffer.from('y'.repeat(5000)));
    const captured = capture.finish();
    expect(captured.text).toContain(
      '[... truncated 3976 bytes — output exceeded 1024-byte limit ...]\n[over the cap]\n',
    );
    expect(captured.spilled).toBeUndefined();
  });
});
