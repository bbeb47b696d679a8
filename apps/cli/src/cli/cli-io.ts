/** A readable stream the CLI reads ARGS from. */
export interface CliInput extends AsyncIterable<string | Buffer> {
  readonly isTTY?: boolean;
}

/** A stream the CLI writes to. */
export interface CliOutput {
  readonly isTTY?: boolean;
  /** Terminal width, when a TTY. */
  readonly columns?: number;
  write(text: string): unknown;
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
}
