import { spawn } from 'node:child_process';

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
}

const MAX_STDERR = 16 * 1024;

/** Runs `rg`, streams its stdout by line, and kills it as soon as the caller or the signal says so. */
export function runRipgrep(options: RunRipgrepOptions): Promise<RipgrepRun> {
  return new Promise((resolvePromise) => {
    let stopped = false;
    let stderr = '';
    let pending = '';
    let settled = false;
    const child = spawn(options.ripgrepPath, [...options.args], {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stopped) return;
      const text = pending + chunk;
      let start = 0;
      for (;;) {
        const end = text.indexOf('\n', start);
        if (end < 0) break;
        const line = text.slice(start, end);
        start = end + 1;
        if (options.onLine(line) === 'stop') {
          stop();
          return;
        }
      }
      pending = text.slice(start);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk;
    });
    child.on('error', (error) => finish({ exitCode: null, stderr, stopped, spawnError: error }));
    child.on('close', (code) => {
      if (!stopped && pending !== '') options.onLine(pending);
      finish({ exitCode: code, stderr, stopped });
    });
    if (options.signal.aborted) stop();
  });
}
