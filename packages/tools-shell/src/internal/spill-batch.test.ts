import type { SpillWriter } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { SPILL_BATCH_BYTES, SpillBatch } from './spill-batch.js';

/** A writer that records each write's size and copies its bytes; past `stopAfter` bytes it stops. */
function recordingWriter(stopAfter = Number.POSITIVE_INFINITY) {
  const writes: number[] = [];
  const kept: Buffer[] = [];
  let bytes = 0;
  const writer: SpillWriter = {
    path: '/spill/1-bash-stdout.txt',
    write(chunk) {
      writes.push(chunk.length);
      if (bytes + chunk.length > stopAfter) return false;
      bytes += chunk.length;
      kept.push(Buffer.from(chunk));
      return true;
    },
    close: () => ({ path: '/spill/1-bash-stdout.txt', bytes }),
  };
  return { writer, writes, kept };
}

describe('SpillBatch', () => {
  it('writes every byte, in order, in writes of 1 MiB and a last smaller one', () => {
    const { writer, writes, kept } = recordingWriter();
    const batch = new SpillBatch(writer);
    const expected: Buffer[] = [];
    for (let index = 0; index < 200; index++) {
      const chunk = Buffer.alloc(20_000, index);
      expected.push(Buffer.from(chunk));
      batch.add(chunk);
      chunk.fill(0xff); // the caller reuses its buffer at once
    }
    expect(batch.close()).toEqual({ path: '/spill/1-bash-stdout.txt', bytes: 4_000_000 });
    expect(Buffer.concat(kept)).toEqual(Buffer.concat(expected));
    expect(writes).toEqual([
      SPILL_BATCH_BYTES,
      SPILL_BATCH_BYTES,
      SPILL_BATCH_BYTES,
      4_000_000 - 3 * SPILL_BATCH_BYTES,
    ]);
  });

  it('passes a chunk of at least a batch straight through when nothing is gathered', () => {
    const { writer, writes } = recordingWriter();
    const batch = new SpillBatch(writer);
    batch.add(Buffer.alloc(SPILL_BATCH_BYTES + 5));
    batch.add(Buffer.alloc(10));
    batch.close();
    expect(writes).toEqual([SPILL_BATCH_BYTES + 5, 10]);
  });

  it('sends nothing more once the writer has stopped', () => {
    const { writer, writes } = recordingWriter(SPILL_BATCH_BYTES);
    const batch = new SpillBatch(writer);
    for (let index = 0; index < 300; index++) batch.add(Buffer.alloc(20_000));
    batch.close();
    expect(writes).toEqual([SPILL_BATCH_BYTES, SPILL_BATCH_BYTES]);
  });

  it('writes nothing for nothing', () => {
    const { writer, writes } = recordingWriter();
    new SpillBatch(writer).close();
    expect(writes).toEqual([]);
  });
});
