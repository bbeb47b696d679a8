import type { OutputSpill } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { LogRingBuffer } from './log-ring-buffer.js';

/** A spill that keeps what it is given in memory, or refuses past `capBytes` (the host's is file-backed). */
function memorySpill(capBytes = Number.POSITIVE_INFINITY) {
  const files = new Map<string, string>();
  const decoder = new TextDecoder();
  const spill: OutputSpill = {
    open(label) {
      const path = `/spill/${files.size + 1}-${label}.txt`;
      files.set(path, '');
      let bytes = 0;
      return {
        path,
        write(chunk) {
          bytes += chunk.length;
          files.set(path, files.get(path) + decoder.decode(chunk));
          return true;
        },
        close: () => (bytes > capBytes ? { note: '[over the cap]' } : { path, bytes }),
      };
    },
  };
  return { spill, files };
}

describe('LogRingBuffer with a spill', () => {
  it('writes nothing while the log fits its capacity', () => {
    const { spill, files } = memorySpill();
    const log = new LogRingBuffer(1024, '', 0, { spill, label: 'bash-process' });
    log.append('a'.repeat(1024));
    log.closeSpill();
    expect(files.size).toBe(0);
    expect(log.spilledTo).toBeUndefined();
  });

  it.each([
    ['piece by piece', 1],
    ['in pieces of 97', 97],
    ['in one piece', 100_000],
  ])('keeps the whole log once it outgrows its capacity, %s, and names the file at once', (_name, size) => {
    const { spill, files } = memorySpill();
    const log = new LogRingBuffer(1024, '', 0, { spill, label: 'bash-process' });
    const whole = Array.from({ length: 2000 }, (_, index) => `line ${index} é\n`).join('');
    let named: string | undefined;
    for (let offset = 0; offset < whole.length; offset += size) {
      log.append(whole.slice(offset, offset + size));
      named ??= log.spilledTo;
    }
    expect(named).toBe('/spill/1-bash-process.txt');
    log.closeSpill();
    expect(files.get('/spill/1-bash-process.txt')).toBe(whole);
    expect(log.spilledTo).toBe('/spill/1-bash-process.txt');
    // The bounded log still keeps only its window, and says the start was dropped.
    expect(log.read(0, 10).truncated).toBe(true);
  });

  it('names no file when the spill refused it (its disk cap)', () => {
    const { spill } = memorySpill(2048);
    const log = new LogRingBuffer(1024, '', 0, { spill, label: 'bash-process' });
    log.append('x'.repeat(4096));
    expect(log.spilledTo).toBe('/spill/1-bash-process.txt');
    log.closeSpill();
    expect(log.spilledTo).toBeUndefined();
  });
});
