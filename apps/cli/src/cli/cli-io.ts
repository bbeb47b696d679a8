import type { Readable, Writable } from 'node:stream';

/** A readable stream the CLI reads ARGS (and, for `mcp`, JSON-RPC) from. */
export interface CliInput extends Readable {
  readonly isTTY?: boolean;
}

/** A stream the CLI writes to. */
export interface CliOutput extends Writable {
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
}
