import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/** How an `rg` run ended. */
export interface RipgrepRun {
  readonly exitCode: number | null;
  readonly stderr: string;
  /** True when the caller stopped it (enough results) or the signal aborted it. */
  readonly stopped: boolean;
  /** The spawn error (`ENOENT` for a missing binary), if any. */
  readonly spawnError?: Error;
}

/** Options for {@link runRipgrep}. */
export interface RunRipgrepOptions {
  readonly ripgrepPath: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly signal: AbortSignal;
  /** Receives each stdout line; return `'stop'` to kill `rg` at once. */
  readonly onLine: (line: string) => 'stop' | undefined;
  /** Looks at a line's first bytes (at `start` in `data`); false skips it without decoding. @default every line */
  readonly wantLine?: (data: Buffer, start: number) => boolean;
}

const MAX_STDERR = 16 * 1024;

/** Runs `rg`, streams its stdout by line, and kills it as soon as the caller or the signal says so. */
export function runRipgrep(options: RunRipgrepOptions): Promise<RipgrepRun> {
  return new Promise((resolvePromise) => {
    let stopped = false;
    let stderr = '';
    let settled = false;
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn(options.ripgrepPath, [...options.args], {
        cwd: options.cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      // spawn throws synchronously for arguments no process can receive (a NUL byte): report it
      // like a failed start instead of rejecting.
      resolvePromise({ exitCode: null, stderr: '', stopped: false, spawnError: error as Error });
      return;
    }
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      child.stdout.removeAllListeners('data');
      child.kill('SIGKILL');
    };
    const onAbort = (): void => stop();
    options.signal.addEventListener('abort', onAbort, { once: true });
    const finish = (run: RipgrepRun): void => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', onAbort);
      resolvePromise(run);
    };
    // Lines are cut from the raw bytes and only the ones the caller wants are decoded.
    let carry: Buffer | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      if (stopped) return;
      const data = carry ? Buffer.concat([carry, chunk]) : chunk;
      let start = 0;
      for (;;) {
        const end = data.indexOf(10, start);
        if (end < 0) break;
        const wanted = options.wantLine ? options.wantLine(data, start) : true;
        const line = start;
        start = end + 1;
        if (wanted && options.onLine(data.toString('utf8', line, end)) === 'stop') {
          stop();
          return;
        }
      }
      carry = start < data.length ? data.subarray(start) : undefined;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk;
    });
    child.on('error', (error) => finish({ exitCode: null, stderr, stopped, spawnError: error }));
    child.on('close', (code) => {
      if (!stopped && carry !== undefined) options.onLine(carry.toString('utf8'));
      finish({ exitCode: code, stderr, stopped });
    });
    if (options.signal.aborted) stop();
  });
}
