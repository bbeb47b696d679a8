import type { OutputSpill } from '@toolgate/core';

/**
 * A spill that keeps copies of what it is given in memory, each output under
 * `/spill/<n>-<label>.txt`, and refuses at close past `capBytes` (the host's spill is file-backed).
 */
export function memorySpill(capBytes = Number.POSITIVE_INFINITY): {
  spill: OutputSpill;
  files: Map<string, Buffer[]>;
} {
  const files = new Map<string, Buffer[]>();
  const spill: OutputSpill = {
    open(label) {
      const path = `/spill/${files.size + 1}-${label}.txt`;
      const chunks: Buffer[] = [];
      files.set(path, chunks);
      let bytes = 0;
      return {
        path,
        write(chunk) {
          bytes += chunk.length;
          chunks.push(Buffer.from(chunk));
          return true;
        },
        close: () => (bytes > capBytes ? { note: '[over the cap]' } : { path, bytes }),
      };
    },
  };
  return { spill, files };
}
