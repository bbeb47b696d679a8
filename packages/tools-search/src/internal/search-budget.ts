/** One call's wall-clock budget, joined with the call's own signal. */
export interface SearchBudget {
  /** Aborts when the call is cancelled or the budget runs out. */
  readonly signal: AbortSignal;
  /** True when the budget ran out (and the call itself was not cancelled). */
  expired(): boolean;
  /** Stops the budget's timer. */
  dispose(): void;
}

/** Starts a budget of `timeoutMs` milliseconds for one search call. */
export function searchBudget(callSignal: AbortSignal, timeoutMs: number): SearchBudget {
  const controller = new AbortController();
  let ranOut = false;
  const timer = setTimeout(() => {
    ranOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = (): void => controller.abort();
  callSignal.addEventListener('abort', onAbort, { once: true });
  if (callSignal.aborted) controller.abort();
  return {
    signal: controller.signal,
    expired: () => ranOut && !callSignal.aborted,
    dispose: () => {
      clearTimeout(timer);
      callSignal.removeEventListener('abort', onAbort);
    },
  };
}
