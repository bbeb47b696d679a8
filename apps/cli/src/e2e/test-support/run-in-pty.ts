import { spawn } from 'node:child_process';
import { BIN, cleanEnv } from './run-toolgate.js';

/** A run of the CLI inside a pseudo-terminal (util-linux `script`), driven like a person would. */
export interface PtyRun {
  /** Everything the terminal showed so far (CR LF turned into LF). */
  output(): string;
  /** Types text into the terminal. */
  type(text: string): void;
  /** Closes the terminal's input (the person's Ctrl-D is sent by `script` on EOF). */
  endInput(): void;
  /** Resolves to the CLI's exit status (`script -e` passes it through). */
  readonly exit: Promise<number | null>;
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Starts `toolgate <args>` in a fresh pseudo-terminal, whose controlling terminal is the pty. */
export function runInPty(
  args: readonly string[],
  options: {
    readonly cwd: string;
    readonly env?: Record<string, string>;
    /** Piped into the CLI's stdin (so stdin is not the terminal). @default stdin is the terminal */
    readonly pipeIn?: string;
  },
): PtyRun {
  const toolgate = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
  const command =
    options.pipeIn === undefined ? toolgate : `printf %s ${shellQuote(options.pipeIn)} | ${toolgate}`;
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: options.cwd,
    env: cleanEnv({ TERM: 'dumb', ...options.env }),
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk.replaceAll('\r\n', '\n');
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk.replaceAll('\r\n', '\n');
  });
  child.stdin.on('error', () => {});
  const exit = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  return {
    output: () => output,
    type: (text) => child.stdin.write(text),
    endInput: () => child.stdin.end(),
    exit,
  };
}
