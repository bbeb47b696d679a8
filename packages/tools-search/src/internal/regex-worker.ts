/**
 * The worker's whole program (evaluated, so it needs no file of its own in `dist/`): given a text,
 * it answers with the 1-based numbers of the lines that match; given a list of strings, with the
 * 0-based indexes of those that match. Before each line or string it writes the request's number
 * and the line's into shared memory, so the thread that started it can see which one it is on.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const regexp = new RegExp(workerData.source, workerData.flags);
const progress = new Int32Array(workerData.progress);
parentPort.on('message', ({ request, input }) => {
  const found = [];
  Atomics.store(progress, 0, request);
  if (typeof input === 'string') {
    const lines = input.split('\\n');
    if (lines[lines.length - 1] === '') lines.pop();
    for (let index = 0; index < lines.length; index++) {
      Atomics.store(progress, 1, index + 1);
      if (regexp.test(lines[index])) found.push(index + 1);
    }
  } else {
    for (let index = 0; index < input.length; index++) {
      Atomics.store(progress, 1, index + 1);
      if (regexp.test(input[index])) found.push(index);
    }
  }
  parentPort.postMessage(found);
});
`;

/**
 * How long one line (or string) may take to match before the pattern counts as too complex. A
 * JavaScript RegExp has no step counter, so this bounds the work of one line by time instead;
 * a pattern that backtracks catastrophically (`(?=a)(a+)+$` over 42 characters: about 2^41 paths)
 * runs far past it on any machine, while a line that matches normally takes micro- to
 * milliseconds, even at a megabyte.
 */
export const LINE_BUDGET_MS = 1000;

/** One line (or string) was still being matched after {@link LINE_BUDGET_MS}: the worker was ended. */
export interface TooComplex {
  readonly type: 'too-complex';
  /** The 1-based number of the line (or string) it was on. */
  readonly line: number;
}

/** A JavaScript RegExp (which backtracks) run off the event loop, where it can be killed. */
export interface RegexWorker {
  /**
   * The 1-based numbers of the lines of `text` that match; undefined once the signal aborted it;
   * {@link TooComplex} when one line ran past the budget (the worker is then ended).
   */
  matchingLines(text: string): Promise<number[] | TooComplex | undefined>;
  /** The indexes of the strings that match as a whole input; undefined once the signal aborted it (or a string ran past the budget). */
  matchingStrings(strings: readonly string[]): Promise<number[] | undefined>;
  /** Ends the worker (also when a match is still running). */
  close(): Promise<void>;
}

/** Options of {@link startRegexWorker}. */
export interface RegexWorkerOptions {
  /** Time one line (or string) may take; past it the answer is {@link TooComplex}. @default no limit */
  readonly lineBudgetMs?: number;
}

/**
 * Starts a worker thread for `regexp`. When `signal` aborts (the call's deadline or cancellation)
 * the worker is terminated at once, even in the middle of a catastrophic backtrack, and pending
 * calls answer undefined: the event loop never runs the RegExp itself. With a line budget, a
 * timer on this thread reads which line the worker is on (shared memory, one store per line) and
 * ends the worker when the same line has been running longer than the budget. The clock of a
 * line starts when this thread first sees the worker on it, so neither the worker's start nor the
 * time a text takes to reach it counts.
 */
export function startRegexWorker(
  regexp: RegExp,
  signal: AbortSignal,
  options: RegexWorkerOptions = {},
): RegexWorker {
  // Loaded here, on the first search that needs a worker, not when the tools are created.
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const shared = new SharedArrayBuffer(8);
  const progress = new Int32Array(shared);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { source: regexp.source, flags: regexp.flags, progress: shared },
  });
  let ended = false;
  let requests = 0;
  const end = (): void => {
    if (ended) return;
    ended = true;
    signal.removeEventListener('abort', end);
    void worker.terminate();
  };
  signal.addEventListener('abort', end, { once: true });
  if (signal.aborted) end();
  const ask = (input: string | readonly string[]): Promise<number[] | TooComplex | undefined> => {
    if (ended) return Promise.resolve(undefined);
    const request = ++requests;
    return new Promise((resolve) => {
      let watch: ReturnType<typeof setInterval> | undefined;
      const settle = (found: number[] | TooComplex | undefined): void => {
        if (watch !== undefined) clearInterval(watch);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.off('error', onExit);
        resolve(found);
      };
      const onMessage = (found: number[]): void => settle(found);
      const onExit = (): void => settle(undefined);
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.on('error', onExit);
      const budget = options.lineBudgetMs;
      if (budget !== undefined) {
        let line = 0;
        let since = 0;
        watch = setInterval(
          () => {
            if (Atomics.load(progress, 0) !== request) return;
            const now = performance.now();
            const current = Atomics.load(progress, 1);
            if (current !== line) {
              line = current;
              since = now;
            } else if (now - since > budget) {
              // Ended before answering, so the 'exit' that follows finds this request settled.
              settle({ type: 'too-complex', line });
              end();
            }
          },
          Math.max(1, Math.floor(budget / 10)),
        );
      }
      worker.postMessage({ request, input });
    });
  };
  return {
    matchingLines: ask,
    matchingStrings: (strings) => ask(strings).then((found) => (Array.isArray(found) ? found : undefined)),
    async close() {
      end();
    },
  };
}
