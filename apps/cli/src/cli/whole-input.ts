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
 * Standard input read whole: with plain reads of `fd` when it is a regular file (`< args.json`),
 * and through Node's own stream (`stream()`, built only then) for anything else: a pipe, a
 * socket, a terminal, or no descriptor given (a test's stream).
 *
 * Why: Node builds `process.stdin` over a file as a stream, and loading the stream modules for it
 * costs a call that reads its ARGS from a file some 7 ms of its start. A file's reads always end.
 * A pipe or socket can stay open with nothing in it, and a read that waits there, blocking or on
 * libuv's thread pool (whose threads the process joins at exit), would keep the process from
 * stopping on a signal: those go through the stream, which waits without holding anything.
 */
export function wholeInput(stream: () => CliInput, fd: number | undefined): WholeInput {
  if (fd === undefined || !isRegularFile(fd)) {
    return {
      get isTTY() {
        return stream().isTTY === true;
      },
      read: (maxBytes) => readStream(stream(), maxBytes),
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
        const count = readSync(fd, buffer, length, buffer.length - length, null);
        if (count === 0) return buffer.subarray(0, length);
        length += count;
      }
    },
  };
}

/** All of `input`, or undefined past `maxBytes`. A chunk may end inside a multi-byte character. */
async function readStream(input: CliInput, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
    length += bytes.length;
    if (length > maxBytes) {
      input.destroy();
      return undefined;
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** Whether `fd` is a regular file, whose reads end (a pipe's may wait for ever). */
function isRegularFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}
