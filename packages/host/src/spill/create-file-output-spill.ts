import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import {
  type OutputSpill,
  type SpilledOutput,
  type SpillRefusal,
  type SpillWriter,
  spillCapReachedNote,
} from '@toolgate/core';

/** Options for {@link createFileOutputSpill}. */
export interface FileOutputSpillOptions {
  /** The directory the files go in (`<sessionDir>/spill`); created 0700 on the first spill. */
  readonly directory: string;
  /** Bytes all of the session's files may hold together; an output that would pass it is cut. */
  readonly capBytes: number;
}

const LABEL = /[^A-Za-z0-9_.-]+/g;

/**
 * The host's spill: each oversized output is written, chunk by chunk with no copy held, to its own
 * file `<n>-<label>.txt` (0600, created exclusively) in a directory made 0700. The files of one
 * session share `capBytes`; an output that would pass it is removed and cut instead, and its bytes
 * are given back. The files live in the session's directory and go with it.
 */
export function createFileOutputSpill(options: FileOutputSpillOptions): OutputSpill {
  const { directory, capBytes } = options;
  let used = 0;
  let count = 0;
  return {
    open(label): SpillWriter {
      count += 1;
      const path = join(directory, `${count}-${label.replace(LABEL, '_').slice(0, 80)}.txt`);
      let fd: number | undefined;
      let bytes = 0;
      let refusal: SpillRefusal | undefined;
      let closed: SpilledOutput | SpillRefusal | undefined;
      const fail = (note: string): void => {
        refusal ??= { note };
        used -= bytes;
        bytes = 0;
        try {
          if (fd !== undefined) closeSync(fd);
          rmSync(path, { force: true });
        } catch {
          // A file left behind stays in the session's directory and goes with it.
        }
        fd = undefined;
      };
      try {
        mkdirSync(directory, { recursive: true, mode: 0o700 });
        fd = openSync(path, 'wx', 0o600);
      } catch (error) {
        fail(`[the whole output was not kept: ${(error as Error).message}]`);
      }
      return {
        path,
        write(chunk) {
          if (refusal || fd === undefined) return false;
          if (used + chunk.length > capBytes) {
            fail(spillCapReachedNote(capBytes));
            return false;
          }
          try {
            for (let offset = 0; offset < chunk.length; )
              offset += writeSync(fd, chunk, offset, chunk.length - offset);
          } catch (error) {
            fail(`[the whole output was not kept: ${(error as Error).message}]`);
            return false;
          }
          used += chunk.length;
          bytes += chunk.length;
          return true;
        },
        close() {
          if (closed) return closed;
          if (fd !== undefined) {
            try {
              closeSync(fd);
            } catch (error) {
              fail(`[the whole output was not kept: ${(error as Error).message}]`);
            }
          }
          fd = undefined;
          closed = refusal ?? { path, bytes };
          return closed;
        },
      };
    },
  };
}
