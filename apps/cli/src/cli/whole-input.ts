import { fstatSync, readSync } from 'node:fs';
import type { CliInput } from './cli-io.js';

/** Standard input as a command reads it: whole, once (ARGS from stdin, `run -`). */
export interface WholeInput {
  /** Whether it is a terminal (nothing to read unless asked for). */
  readonly isTTY: boolean;
  /**
   * Every byte up to the end of the input; undefined once more than `maxBytes` arrived (reading
   * stops there: the rest is left unread).
   */
  read(maxBytes: number): Promise<Buffer | undefined>;
}

const FIRST_READ_BYTES = 64 * 1024;

/**
 * Standard input read whole: with plain blocking reads of `fd` when it is a file, a pipe or a
 * socket, and through Node's own stream (`stream()`, built only then) when it is a terminal, when
 * no descriptor is given (a test's stream), or from the first read that would block (a descriptor
 * left non-blocking by whoever shares it answers EAGAIN), which then reads the rest.
 *
 * Why: Node builds `process.stdin` over a pipe or socket as a `net.Socket`, and loading the
 * networking and stream modules for it costs a call that reads its ARGS from stdin (`toolgate call
 * apply_patch -`, as a host calls it) some 5 ms of its start (bench/cli-startup). A command that
 * reads all of its input before it does anything else sees the same bytes either way.
 */
export function wholeInput(stream: () => CliInput, fd: number | undefined): WholeInput {
  if (fd === undefined || !readsDirectly(fd)) {
    return {
      get isTTY() {
        return stream().isTTY === true;
      },
      read: (maxBytes) => readStream(stream(), [], maxBytes),
    };
  }
  return {
    isTTY: false,
    async read(maxBytes) {
      let buffer = Buffer.allocUnsafe(FIRST_READ_BYTES);
      let length = 0;
      for (;;) {
        if (length > maxBytes) return undefined;
        if (length === buffer.length) {
          const larger = Buffer.allocUnsafe(buffer.length * 2);
          buffer.copy(larger, 0, 0, length);
          buffer = larger;
        }
        let read: number;
        try {
          read = readSync(fd, buffer, length, buffer.length - length, null);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
          return readStream(stream(), [buffer.subarray(0, length)], maxBytes);
        }
        if (read === 0) return length > maxBytes ? undefined : buffer.subarray(0, length);
        length += read;
      }
    },
  };
}

/**
 * The rest of `input` after what `before` holds, or undefined past `maxBytes` in all. A chunk may
 * end inside a multi-byte character.
 */
async function readStream(input: CliInput, before: Buffer[], maxBytes: number): Promise<Buffer | undefined> {
  const chunks = [...before];
  let length = before.reduce((sum, chunk) => sum + chunk.length, 0);
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
    length += bytes.length;
    if (length > maxBytes) {
      input.destroy();
      return undefined;
    }
    chunks.push(bytes);
  }
  return length > maxBytes ? undefined : Buffer.concat(chunks);
}

/** Whether `fd` is a file, pipe or socket: what blocking reads serve as Node's stream would. */
function readsDirectly(fd: number): boolean {
  try {
    const stats = fstatSync(fd);
    return stats.isFile() || stats.isFIFO() || stats.isSocket();
  } catch {
    return false;
  }
}
