/** Longest stretch of synchronous work before the Node engine yields to the event loop. */
const YIELD_EVERY_MS = 10;

/** Lets the host's event loop (timers, the abort signal) run between pieces of synchronous work. */
export class Yielder {
  private last = performance.now();

  /** Yields once more than {@link YIELD_EVERY_MS} passed since the last yield. */
  async maybeYield(): Promise<void> {
    if (performance.now() - this.last <= YIELD_EVERY_MS) return;
    await new Promise((resolveYield) => setImmediate(resolveYield));
    this.last = performance.now();
  }
}
