/** The process-wide record of writes in progress. */
interface CommitRegistry {
  readonly inFlight: Set<Promise<void>>;
  readonly stop: AbortController;
}

// On globalThis under a registered symbol: two copies of core in one process still share one
// record, since signals, and exiting, concern the whole process.
const REGISTRY_KEY = Symbol.for('@toolgate/core.commitsInFlight');

function registry(): CommitRegistry {
  const global = globalThis as { [REGISTRY_KEY]?: CommitRegistry };
  global[REGISTRY_KEY] ??= { inFlight: new Set(), stop: new AbortController() };
  return global[REGISTRY_KEY];
}

/**
 * Runs a write that must not be cut short by the process exiting: a commit of several files, or
 * one file's temporary write and rename. `work` receives the stop signal, which fires when the
 * host is about to exit ({@link settleCommits} with `stop`); the work must then end quickly and
 * leave things as they were (roll back what it wrote, remove its temporary files). A commit that
 * starts after the stop receives a signal that has already fired.
 */
export function trackCommit<T>(work: (stop: AbortSignal) => Promise<T>): Promise<T> {
  const { inFlight, stop } = registry();
  const running = work(stop.signal);
  const settled = running.then(
    () => {},
    () => {},
  );
  inFlight.add(settled);
  void settled.then(() => inFlight.delete(settled));
  return running;
}

/**
 * Resolves once no commit is in flight. Hosts call it before the process exits, so a commit
 * finishes (or, with `stop`, rolls back) instead of being left half done with temporary files
 * behind. `stop` is for the last moment: it fires the stop signal of every commit, present and
 * future, for good.
 */
export async function settleCommits(options: { readonly stop?: boolean } = {}): Promise<void> {
  const { inFlight, stop } = registry();
  if (options.stop) stop.abort(new DOMException('The process is exiting.', 'AbortError'));
  while (inFlight.size > 0) await Promise.all(inFlight);
}
