import { describe, expect, it } from 'vitest';
import { LogRingBuffer } from './log-ring-buffer.js';

describe('LogRingBuffer', () => {
  it('reads windows by absolute offset', () => {
    const log = new LogRingBuffer(100);
    log.append('hello ');
    log.append('world');
    expect(log.read(0, 5)).toEqual({ content: 'hello', offset: 0, nextOffset: 5, truncated: false });
    expect(log.read(5, 100)).toEqual({ content: ' world', offset: 5, nextOffset: 11, truncated: false });
    expect(log.read(50, 10)).toEqual({ content: '', offset: 11, nextOffset: 11, truncated: false });
  });

  it('drops the oldest text beyond the capacity and keeps offsets absolute', () => {
    const log = new LogRingBuffer(10);
    for (let index = 0; index < 10; index++) log.append('abc');
    expect(log.startOffset).toBe(20);
    expect(log.endOffset).toBe(30);
    expect(log.read(0, 4)).toEqual({ content: 'cabc', offset: 20, nextOffset: 24, truncated: true });
    expect(log.read(26, 100)).toEqual({ content: 'cabc', offset: 26, nextOffset: 30, truncated: false });
    expect(log.tail(4)).toEqual({ text: 'cabc', startOffset: 26 });
  });

  it('starts from restored text at a given offset', () => {
    const log = new LogRingBuffer(100, 'tail text', 1000);
    expect(log.read(0, 100)).toEqual({
      content: 'tail text',
      offset: 1000,
      nextOffset: 1009,
      truncated: true,
    });
  });
});
