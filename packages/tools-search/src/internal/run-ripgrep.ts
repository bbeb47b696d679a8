import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { inPinnedBase, PATH_CHANGED } from './pinned-base.js';

/** How an `rg` run ended. */
export interface RipgrepRun {
  readonly exitCode: number | null;
  readonly stderr: string;
  /** True when the caller stopped it (enough results) or the signal aborted it. */
  readonly stopped: boolean;
  /** The spawn error (`ENOENT` for a missing binary), if any. */
  readonly spawnError?: Error;
  /** `cwd` was no longer the directory that was checked (swapped for a symlink, moved): rg did not search it. */
  readonly pathChanged?: true;
}

/**
 * Reads complete records from the front of `data` (rg's unread output so far) and returns how many
 * bytes it used (the rest is offered again with more output), or `'stop'` to kill `rg` at once.
 * `ended` is true for the last call, after `rg` closed its output.
 */
export type RecordReader = (data: Buffer, ended: boolean) => number | 'stop';

/** Options for {@link runRipgrep}. */
export interface RunRipgrepOptions {
  readonly ripgrepPath: string;
  readonly args: readonly string[];
  /** The real absolute path of the checked directory rg searches (see {@link runRipgrep}). */
  readonly cwd: string;
  readonly signal: AbortSignal;
  /** Receives stdout as it arrives; paths may hold any byte but NUL, so records are not lines. */
  readonly read: RecordReader;
  /**
   * A byte every record ends with (NUL for `--files --null`, the newline for the standard printer).
   * While a record is incomplete, a chunk without this byte completes none: it is held, not
   * offered, so a line of megabytes (a minified bundle) is copied once instead of once per chunk.
   */
  readonly recordEnd: number;
}

/**
 * A reader for NUL-terminated records (`rg --files --null`): a file name may contain a newline, never
 * a NUL. Each record is decoded as UTF-8 (bytes that are not become U+FFFD, as Node's own `readdir`
 * decodes them). The complete records of a chunk are decoded in one `toString` and split on NUL,
 * which gives the same strings as decoding each record alone: a NUL byte is never part of a UTF-8
 * sequence, so no malformed sequence reaches across it.
 */
export function nulRecords(onRecord: (record: string) => 'stop' | undefined): RecordReader {
  const offer = (text: string): boolean => {
    let start = 0;
    for (;;) {
      const end = text.indexOf('\0', start);
      if (onRecord(end < 0 ? text.slice(start) : text.slice(start, end)) === 'stop') return false;
      if (end < 0) return true;
      start = end + 1;
    }
  };
  return (data, ended) => {
    const last = data.lastIndexOf(0);
    if (last >= 0 && !offer(data.toString('utf8', 0, last))) return 'stop';
    if (ended && last + 1 < data.length) return offer(data.toString('utf8', last + 1)) ? data.length : 'stop';
    return last + 1;
  };
}

const MAX_STDERR = 16 * 1024;

/**
 * Runs `rg` in the checked directory `options.cwd` itself, through a held descriptor
 * ({@link inPinnedBase}): a directory swapped for a symlink after the check is never entered (the
 * run reports `pathChanged`).
 */
export async function runRipgrep(options: RunRipgrepOptions): Promise<RipgrepRun> {
  try {
    const run = await inPinnedBase(options.cwd, (opened) => spawnRipgrep(options, opened ?? options.cwd));
    return run === PATH_CHANGED ? { exitCode: null, stderr: '', stopped: false, pathChanged: true } : run;
  } catch (error) {
    return { exitCode: null, stderr: '', stopped: false, spawnError: error as Error };
  }
}

/** Starts `rg` in `cwd`, streams its stdout to a record reader, and kills it as soon as the caller or the signal says so. */
function spawnRipgrep(options: RunRipgrepOptions, cwd: string): Promise<RipgrepRun> {
  return new Promise((resolvePromise) => {
    let stopped = false;
    let stderr = '';
    let settled = false;
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn(options.ripgrepPath, [...options.args], {
        cwd,
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
    // Output not yet used: the rest of the last chunk offered, then the chunks held since.
    const carry: Buffer[] = [];
    let carryLength = 0;
    const takeCarry = (chunk?: Buffer): Buffer => {
      if (chunk) carry.push(chunk);
      const length = carryLength + (chunk?.length ?? 0);
      const data = carry.length === 1 ? carry[0]! : Buffer.concat(carry, length);
      carry.length = 0;
      carryLength = 0;
      return data;
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (stopped) return;
      if (carryLength > 0 && !chunk.includes(options.recordEnd)) {
        carry.push(chunk);
        carryLength += chunk.length;
        return;
      }
      const data = carryLength > 0 ? takeCarry(chunk) : chunk;
      const used = options.read(data, false);
      if (used === 'stop') {
        stop();
        return;
      }
      if (used < data.length) {
        carry.push(data.subarray(used));
        carryLength = data.length - used;
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk;
    });
    child.on('error', (error) => finish({ exitCode: null, stderr, stopped, spawnError: error }));
    child.on('close', (code) => {
      if (!stopped && carryLength > 0) options.read(takeCarry(), true);
      finish({ exitCode: code, stderr, stopped });
    });
    if (options.signal.aborted) stop();
  });
}
