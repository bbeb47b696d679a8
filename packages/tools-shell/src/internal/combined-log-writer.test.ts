import { describe, expect, it } from 'vitest';
import { CombinedLogWriter } from './combined-log-writer.js';
import { LogRingBuffer } from './log-ring-buffer.js';

function logOf(steps: ['stdout' | 'stderr', string | Buffer | null][]): string {
  const log = new LogRingBuffer(10_000);
  const writer = new CombinedLogWriter(log);
  for (const [stream, chunk] of steps) {
    if (chunk === null) writer.end(stream);
    else writer.write(stream, typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return log.read(0, 10_000).content;
}

describe('CombinedLogWriter', () => {
  it('prefixes every line with its stream', () => {
    expect(
      logOf([
        ['stdout', 'a\nb\n'],
        ['stderr', 'c\n'],
        ['stdout', 'd\n'],
      ]),
    ).toBe('[stdout] a\n[stdout] b\n[stderr] c\n[stdout] d\n');
  });

  it('shows a partial line at once and continues it without a second prefix', () => {
    expect(
      logOf([
        ['stdout', 'Name? '],
        ['stdout', 'Ada\n'],
      ]),
    ).toBe('[stdout] Name? Ada\n');
  });

  it('ends an open line when the other stream writes', () => {
    expect(
      logOf([
        ['stdout', 'abc'],
        ['stderr', 'err\n'],
        ['stdout', 'def\n'],
      ]),
    ).toBe('[stdout] abc\n[stderr] err\n[stdout] def\n');
  });

  it('ends the last partial line at the end of its stream', () => {
    expect(
      logOf([
        ['stdout', 'no newline'],
        ['stdout', null],
        ['stderr', 'x\n'],
      ]),
    ).toBe('[stdout] no newline\n[stderr] x\n');
  });

  it('decodes split and invalid UTF-8 per stream', () => {
    const euro = Buffer.from('€');
    expect(
      logOf([
        ['stdout', euro.subarray(0, 1)],
        ['stdout', Buffer.concat([euro.subarray(1), Buffer.from('\n')])],
        ['stderr', Buffer.from([0xff, 0x0a])],
      ]),
    ).toBe('[stdout] €\n[stderr] \uFFFD\n');
  });
});
