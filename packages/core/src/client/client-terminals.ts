/** A program to run in a terminal the client shows (ACP's `terminal/create`). */
export interface ClientTerminalRequest {
  /** The model's call id (ACP's tool call id), so the client can show the terminal in the call. */
  readonly callId: string;
  /** The program: for bash, the sandbox's launcher when there is one, never the raw command alone. */
  readonly command: string;
  readonly args: readonly string[];
  /** The whole environment the program gets (the shell policy's). */
  readonly env: Readonly<Record<string, string>>;
  /** Real absolute working directory, inside the workspace. */
  readonly cwd: string;
  /** Bytes of output the client keeps (it drops the beginning past this). */
  readonly outputByteLimit: number;
}

/** How a client terminal's program ended. */
export interface ClientTerminalExit {
  readonly exitCode: number | null;
  readonly signal: string | null;
}

/** One terminal the client created; the tool kills and releases it. */
export interface ClientTerminal {
  /** Resolves when the program exits. */
  waitForExit(): Promise<ClientTerminalExit>;
  /** Kills the program (the terminal stays, with its output). */
  kill(): Promise<void>;
  /** The output so far and whether the client dropped some of it. */
  output(): Promise<{ readonly output: string; readonly truncated: boolean }>;
  /** Frees the terminal; a call that shows it keeps showing its output. */
  release(): Promise<void>;
}

/**
 * A client's terminals (an editor's, ACP's `terminal/*`), for a tool that declares
 * `clientTerminals`: the editor shows the program's output live. The tool keeps its own policy
 * (approval before, its timeout, kill, output caps); the client only runs what it is given.
 */
export interface ClientTerminals {
  /** Creates a terminal running the program; undefined when the client could not (the tool runs it itself). */
  create(request: ClientTerminalRequest): Promise<ClientTerminal | undefined>;
}
