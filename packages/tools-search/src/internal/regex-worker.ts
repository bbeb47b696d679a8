/**
 * The worker's whole program (evaluated, so it needs no file of its own in `dist/`): given a text,
 * it answers with the 1-based numbers of the lines that match; given a list of strings, with the
 * 0-based indexes of those that match.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const regexp = new RegExp(workerData.source, workerData.flags);
parentPort.on('message', (message) => {
  const found = [];
  if (typeof message === 'string') {
    const lines = message.split('\\n');
    if (lines[lines.length - 1] === '') lines.pop();
    for (let index = 0; index < lines.length; index++) if (regexp.test(lines[index])) found.push(index + 1);
  } else {
    for (let index = 0; index < message.length; index++) if (regexp.test(message[index])) found.push(index);
  }
  parentPort.postMessage(found);
});
`;

/** A JavaScript RegExp (which backtracks) run off the event loop, where it can be killed. */
export interface RegexWorker {
  /** The 1-based numbers of the lines of `text` that match; undefined once the signal aborted it. */
  matchingLines(text: string): Promise<number[] | undefined>;
  /** The indexes of the strings that match as a whole input; undefined once the signal aborted it. */
  matchingStrings(strings: readonly string[]): Promise<number[] | undefined>;
  /** Ends the worker (also when a match is still running). */
  close(): Promise<void>;
}

/**
 * Starts a worker thread for `regexp`. When `signal` aborts (the call's deadline or cancellation)
 * the worker is terminated at once, even in the middle of a catastrophic backtrack, and pending
 * calls answer undefined: the event loop never runs the RegExp itself.
 */
export function startRegexWorker(regexp: RegExp, signal: AbortSignal): RegexWorker {
  // Loaded here, on the first search that needs a worker, not when the tools are created.
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { source: regexp.source, flags: regexp.flags },
  });
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    signal.removeEventListener('abort', end);
    void worker.terminate();
  };
  signal.addEventListener('abort', end, { once: true });
  if (signal.aborted) end();
  const ask = (message: string | readonly string[]): Promise<number[] | undefined> => {
    if (ended) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const settle = (found: number[] | undefined): void => {
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
      worker.postMessage(message);
    });
  };
  return {
    matchingLines: ask,
    matchingStrings: ask,
    async close() {
      end();
    },
  };
}
