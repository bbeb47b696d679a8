import { fstatSync, statSync, writeSync } from 'node:fs';
import type { CliOutput } from './cli-io.js';

/** The process's stdout or stderr as the CLI writes to it, and a way to wait for what was written. */
export interface ProcessOutput extends CliOutput {
  /** Calls `callback` once everything written so far has reached the file, pipe or terminal. */
  settle(callback: () => void): void;
  /**
   * Writes through Node's stream from now on, for a command that keeps working while it writes:
   * a blocking write to a slow reader (`toolgate run | less`) would stall its event loop.
   */
  handOver(): void;
}

/**
 * Standard output or error, written with plain blocking writes when it is a file, a pipe, a
 * socket or the null device (`2>/dev/null`: Node would build a stream over it and load its stream
 * modules for nothing), and through Node's own stream (`stream()`, built only then) when it is a terminal or
 * anything else.
 *
 * Why: Node builds `process.stdout` over a pipe as a `net.Socket`, and loading the networking
 * modules for it costs about 6 ms of every short command's start (bench/cli-startup). For a
 * command that writes its result and ends, a blocking write changes nothing its reader sees: the
 * output, its order and its back-pressure stay the same. A command that keeps working while it
 * writes calls `handOver` first, and a descriptor left non-blocking by whoever shares it (a write
 * would fail with EAGAIN) hands the rest over by itself: from then on Node's stream writes, which
 * waits for the reader without blocking the event loop. A reader that went away (EPIPE as in
 * `toolgate tools | head -1`, or ECONNRESET from a socket) ends the output quietly, whichever of
 * the two was writing; any other write error is thrown to the caller.
 */
export function processOutput(fd: 1 | 2, stream: () => NodeJS.WriteStream): ProcessOutput {
  if (!writesDirectly(fd)) return streamOutput(stream);
  let handedOver: NodeJS.WriteStream | undefined;
  let readerGone = false;
  const takeStream = (): NodeJS.WriteStream => {
    const taken = stream();
    taken.on('error', (error: NodeJS.ErrnoException) => {
      if (!readerWentAway(error)) throw error;
      readerGone = true;
    });
    return taken;
  };
  return {
    isTTY: false,
    write(text, callback) {
      if (readerGone) {
        if (callback) process.nextTick(callback);
        return true;
      }
      if (handedOver) return handedOver.write(text, callback);
      const bytes = Buffer.from(text);
      for (let offset = 0; offset < bytes.length && !readerGone; ) {
        try {
          offset += writeSync(fd, bytes, offset);
        } catch (error) {
          if (readerWentAway(error as NodeJS.ErrnoException)) readerGone = true;
          else if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
            handedOver = takeStream();
            return handedOver.write(bytes.subarray(offset), callback);
          } else throw error;
        }
      }
      if (callback) process.nextTick(callback);
      return true;
    },
    once(event, listener) {
      // Until the output is handed over every write completes at once, so no 'drain' is owed.
      handedOver?.once(event, listener);
    },
    settle(callback) {
      if (handedOver && !readerGone) handedOver.write('', () => callback());
      else process.nextTick(callback);
    },
    handOver() {
      handedOver ??= takeStream();
    },
  };
}

/**
 * Whether a write failed because the reader closed its end: EPIPE, or ECONNRESET from a socket
 * (Node's child-process stdio) closed with data still unread.
 */
function readerWentAway(error: NodeJS.ErrnoException): boolean {
  return error.code === 'EPIPE' || error.code === 'ECONNRESET';
}

/**
 * Whether `fd` is a file, pipe or socket, or the null device: what a blocking write serves as
 * Node's stream would. Any other character device (a terminal) gets Node's stream.
 */
function writesDirectly(fd: number): boolean {
  try {
    const stats = fstatSync(fd);
    if (stats.isFile() || stats.isFIFO() || stats.isSocket()) return true;
    return stats.isCharacterDevice() && isNullDevice(stats);
  } catch {
    return false;
  }
}

/** Whether `stats` are those of the null device (the same device number as `/dev/null`'s). */
function isNullDevice(stats: { readonly rdev: number }): boolean {
  try {
    const nullDevice = statSync('/dev/null');
    return nullDevice.isCharacterDevice() && nullDevice.rdev === stats.rdev;
  } catch {
    return false;
  }
}

/** Node's own stream, built on first use. */
function streamOutput(stream: () => NodeJS.WriteStream): ProcessOutput {
  return {
    get isTTY() {
      return stream().isTTY;
    },
    get columns() {
      return stream().columns;
    },
    write: (text, callback) => stream().write(text, callback),
    once: (event, listener) => stream().once(event, listener),
    settle(callback) {
      stream().write('', () => callback());
    },
    handOver() {},
  };
}
