import type { Readable } from 'node:stream';

/** A readable stream the CLI reads ARGS (and, for `mcp`, JSON-RPC) from. */
export interface CliInput extends Readable {
  readonly isTTY?: boolean;
}

/**
 * Where the CLI writes: the process's stdout or stderr (see `processOutput`), or a stream a test
 * hands in. Only what the commands use: writing text, waiting for 'drain' when a write returns
 * false, and whether it is a terminal.
 */
export interface CliOutput {
  write(text: string, callback?: (error?: Error | null) => void): boolean;
  once(event: 'drain', listener: () => void): unknown;
  readonly isTTY?: boolean;
  /** Terminal width, when a TTY. */
  readonly columns?: number;
}

/** Everything the CLI touches of its process, injectable for tests. */
export interface CliIo {
  /** Arguments after the program name. */
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** The process's working directory. */
  readonly cwd: string;
  readonly stdin: CliInput;
  /**
   * The descriptor behind `stdin` (0 for the process's own): what a command reads whole (ARGS
   * from stdin, `run -`) is read from it directly when it is a file, pipe or socket
   * (`wholeInput`). @default read through `stdin`
   */
  readonly stdinFd?: number;
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /** Aborts on SIGINT, SIGTERM or SIGHUP; its reason is the signal's name. */
  readonly signal: AbortSignal;
  /**
   * Takes SIGINT over while `listener` is subscribed (the interactive agent: Ctrl-C cancels a
   * turn, not the process); `signal` then does not abort on SIGINT. Returns the unsubscribe.
   * @default SIGINT always aborts `signal`
   */
  readonly onInterrupt?: (listener: () => void) => () => void;
  /**
   * Called before a command that keeps working while it writes (`run`, `mcp`, the interactive
   * agent): from then on stdout and stderr must not block the event loop on a slow reader.
   * @default nothing to do (the streams never block)
   */
  readonly keepsRunning?: () => void;
}
