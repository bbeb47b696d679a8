import { closeSync, openSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';

/** The person's terminal, opened apart from stdin/stdout so those can carry data. */
export interface ControllingTerminal {
  /** Writes text to the terminal (synchronously, so it is on screen before we wait). */
  write(text: string): void;
  /** Reads one line; `null` on EOF or when `signal` aborts. */
  readLine(signal: AbortSignal): Promise<string | null>;
  /** Closes the terminal. */
  close(): void;
}

/** The path of the controlling terminal on Linux and macOS. */
export const CONTROLLING_TERMINAL_PATH = '/dev/tty';

/**
 * Opens the controlling terminal, or returns `undefined` when the process has none (a daemon, CI,
 * `setsid`, a spawned child without a pty): then nobody can be asked.
 */
export function openControllingTerminal(path = CONTROLLING_TERMINAL_PATH): ControllingTerminal | undefined {
  let writeFd: number;
  try {
    writeFd = openSync(path, 'w');
  } catch {
    return undefined;
  }
  if (!isatty(writeFd)) {
    closeSync(writeFd);
    return undefined;
  }
  let closed = false;
  return {
    write(text) {
      if (!closed) writeSync(writeFd, text);
    },
    readLine(signal) {
      return new Promise((resolve) => {
        if (signal.aborted || closed) return resolve(null);
        let readFd: number;
        try {
          readFd = openSync(path, 'r');
        } catch {
          return resolve(null);
        }
        // node:tty's ReadStream loads only when a question is asked (the bundle binds isatty lazily).
        const { ReadStream } = process.getBuiltinModule('node:tty');
        const stream = new ReadStream(readFd);
        let buffered = '';
        const finish = (line: string | null) => {
          signal.removeEventListener('abort', onAbort);
          stream.removeAllListeners('data');
          stream.removeAllListeners('end');
          stream.on('error', () => {});
          stream.destroy();
          resolve(line);
        };
        const onAbort = () => finish(null);
        signal.addEventListener('abort', onAbort, { once: true });
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          buffered += chunk;
          const newline = buffered.search(/[\r\n]/);
          if (newline >= 0) finish(buffered.slice(0, newline));
        });
        stream.on('end', () => finish(null));
        stream.on('error', () => finish(null));
      });
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(writeFd);
    },
  };
}
