/**
 * The part of `AbortSignal` the MCP SDK's `Protocol.request` uses (`aborted`, `reason`,
 * `throwIfAborted`, `addEventListener('abort')`), for one request. Why not a real AbortSignal: in
 * Node 20 adding a listener to an AbortSignal costs ~20 µs (the signal is registered for GC
 * tracking), and the SDK adds one per request and never removes it, which alone made a merged call
 * measurably slower than a direct one (bench/mcp). The abort tests against the fixture server and
 * server-everything cover this against the SDK version in use.
 */
export class RequestCancellation {
  aborted = false;
  reason: unknown;
  private listeners: Array<() => void> = [];

  addEventListener(type: string, listener: () => void): void {
    if (type === 'abort') this.listeners.push(listener);
  }

  removeEventListener(type: string, listener: () => void): void {
    if (type === 'abort') this.listeners = this.listeners.filter((entry) => entry !== listener);
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  /** Aborts once: marks the request aborted and runs the listeners (the SDK sends `notifications/cancelled`). */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    for (const listener of this.listeners.splice(0)) listener();
  }

  /** This object typed as the AbortSignal the SDK's request options expect. */
  asSignal(): AbortSignal {
    return this as unknown as AbortSignal;
  }
}

const linked = new WeakMap<AbortSignal, Set<RequestCancellation>>();

/**
 * A cancellation for one request that aborts when `signal` does. Each signal gets a single listener
 * however many requests share it (hosts pass one signal per turn, and parallel calls would otherwise
 * trip Node's MaxListenersExceededWarning); `release` detaches the request when it is done.
 */
export function linkCancellation(signal: AbortSignal): {
  cancellation: RequestCancellation;
  release: () => void;
} {
  const cancellation = new RequestCancellation();
  let requests = linked.get(signal);
  if (!requests) {
    const created = new Set<RequestCancellation>();
    requests = created;
    linked.set(signal, created);
    signal.addEventListener(
      'abort',
      () => {
        for (const request of created) request.abort(signal.reason);
        created.clear();
      },
      { once: true },
    );
  }
  const set = requests;
  set.add(cancellation);
  return { cancellation, release: () => set.delete(cancellation) };
}
