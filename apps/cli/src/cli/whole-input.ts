import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { CliInput } from './cli-io.js';

/**
 * Standard input stopped being read because a signal arrived (the command's `signal` aborted)
 * before its producer closed it: what was read so far is not the input, and the command stops with
 * the signal's exit status instead of judging it (`runCli` tells it by its name, so the listing's
 * code need not load this file).
 */
export class InterruptedRead extends Error {
  override readonly name = 'InterruptedRead';
  /** The signal's name, the abort's reason. */
  readonly reason: unknown;

  constructor(reason: unknown) {
    super(`Interrupted by ${String(reason)} while reading stdin.`);
    this.reason = reason;
  }
}

/** Standard input as a command reads it: whole, once (ARGS from stdin, `run -`). */
export interface WholeInput {
  /** Whether it is a terminal (nothing to read unless asked for). */
  readonly isTTY: boolean;
  /**
   * Every byte up to the end of the input; undefined once more than `maxBytes` arrived (reading
   * stops there: the rest is left unread). When `signal` aborts while it waits for more, it
   * rejects with {@link InterruptedRead}.
   */
  read(maxBytes: number, signal?: AbortSignal): Promise<Buffer | undefined>;
}

const FIRST_READ_BYTES = 64 * 1024;

/**
 * Standard input read whole: with plain reads of `fd` when it is a regular file (`< args.json`),
 * and through Node's own stream (`stream()`, built only then) for anything else: a pipe, a
 * socket, a terminal, or no descriptor given (a test's stream). A pipe is first read without
 * waiting ({@link readPipeWithoutWaiting}); the stream is built only when its producer is still
 * writing.
 *
 * Why: Node builds `process.stdin` over a file as a stream, and loading the stream modules for it
 * costs a call that reads its ARGS from a file some 7 ms of its start. A file's reads always end.
 * A pipe or socket can stay open with nothing in it, and a read that waits there, blocking or on
 * libuv's thread pool (whose threads the process joins at exit), would keep the process from
 * stopping on a signal: those go through the stream, which waits without holding anything (a
 * non-blocking read never waits).
 */
export function wholeInput(stream: () => CliInput, fd: number | undefined): WholeInput {
  const { kind, size } = fd === undefined ? { kind: undefined, size: 0 } : describeDescriptor(fd);
  if (fd === undefined || kind !== 'file') {
    return {
      get isTTY() {
        // A pipe is never a terminal: no stream is built to be told so.
        return kind !== 'pipe' && stream().isTTY === true;
      },
      async read(maxBytes, signal) {
        // A pipe whose producer has written everything and closed it is read here whole; what a
        // producer still writing sends later comes through the stream, after what was read here.
        const early = kind === 'pipe' && fd !== undefined ? readPipeWithoutWaiting(fd, maxBytes) : undefined;
        if (early?.ended) return early.bytes;
        const rest = await readStream(stream(), maxBytes - (early?.bytes?.length ?? 0), signal);
        if (rest === undefined || !early?.bytes?.length) return rest;
        return Buffer.concat([early.bytes, rest]);
      },
    };
  }
  return {
    isTTY: false,
    // A file's reads end, so this is all of it. Its size is known: one buffer of that size (and a
    // byte more, to see the end without growing), instead of doubling from 64 KiB, which for a
    // 5 MB patch copies and touches some 10 MB more than it keeps.
    read: async (maxBytes) => readAvailable(fd, maxBytes, size + 1).bytes,
  };
}

/**
 * Plain reads of `fd` until its end, past `maxBytes` (`bytes` undefined, the rest left unread), or,
 * on a non-blocking descriptor, until it has nothing more for now (`ended` false).
 */
function readAvailable(
  fd: number,
  maxBytes: number,
  firstBytes = FIRST_READ_BYTES,
): { readonly bytes: Buffer | undefined; readonly ended: boolean } {
  let buffer = Buffer.allocUnsafe(Math.max(1, Math.min(firstBytes, maxBytes + 1)));
  let length = 0;
  for (;;) {
    if (length > maxBytes) return { bytes: undefined, ended: true };
    if (length === buffer.length) {
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    let count: number;
    try {
      count = readSync(fd, buffer, length, buffer.length - length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      return { bytes: buffer.subarray(0, length), ended: false };
    }
    if (count === 0) return { bytes: buffer.subarray(0, length), ended: true };
    length += count;
  }
}

/** All of `input`, or undefined past `maxBytes`. A chunk may end inside a multi-byte character. */
async function readStream(
  input: CliInput,
  maxBytes: number,
  signal: AbortSignal | undefined,
): Promise<Buffer | undefined> {
  if (signal?.aborted) throw new InterruptedRead(signal.reason);
  const chunks: Buffer[] = [];
  let length = 0;
  const stop = () => input.destroy(new InterruptedRead(signal?.reason));
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of input) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
      length += bytes.length;
      if (length > maxBytes) {
        input.destroy();
        return undefined;
      }
      chunks.push(bytes);
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return Buffer.concat(chunks);
}

/**
 * What `fd` is: a regular file, whose reads end; a pipe (or FIFO), whose reads may wait for ever;
 * or anything else. With a file's size as it is now (it may still grow; reading goes on to its end).
 */
function describeDescriptor(fd: number): { readonly kind: 'file' | 'pipe' | 'other'; readonly size: number } {
  try {
    const stats = fstatSync(fd);
    return { kind: stats.isFile() ? 'file' : stats.isFIFO() ? 'pipe' : 'other', size: stats.size };
  } catch {
    return { kind: 'other', size: 0 };
  }
}

/**
 * What a pipe holds now, read without ever waiting: through a second open of it
 * (`/proc/self/fd/N`, Linux) with `O_NONBLOCK`, which leaves the flags of `fd` itself, and of the
 * producer's end, as they were. `ended` once the producer has closed it and all of it was read (the
 * bytes then undefined past `maxBytes`); otherwise what was there, for the stream to go on from.
 * Undefined where the pipe cannot be opened again (no `/proc`): the stream reads all of it. Why: a
 * pipe read through Node's stream loads `net` and its bindings, some 9 ms of a call whose ARGS a
 * shell pipes in (`echo '{…}' | toolgate call read_file -`), and by the time a command reads
 * them, such a producer has mostly written them all and closed the pipe.
 */
function readPipeWithoutWaiting(
  fd: number,
  maxBytes: number,
): { readonly bytes: Buffer | undefined; readonly ended: boolean } | undefined {
  let again: number;
  try {
    again = openSync(`/proc/self/fd/${fd}`, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    return readAvailable(again, maxBytes);
  } finally {
    closeSync(again);
  }
}
