/** A single-consumer async queue: the producer pushes and ends, the consumer iterates. */
export interface EventChannel<T> extends AsyncIterable<T> {
  push(value: T): void;
  end(): void;
  /** Ends the channel; the consumer's iteration throws `error` after the buffered values. */
  fail(error: unknown): void;
}

/** Creates an {@link EventChannel}; values pushed before iteration starts are buffered. */
export function createEventChannel<T>(): EventChannel<T> {
  const buffer: T[] = [];
  let ended = false;
  let failure: { readonly error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  return {
    push(value) {
      if (ended) return;
      buffer.push(value);
      notify();
    },
    end() {
      ended = true;
      notify();
    },
    fail(error) {
      if (ended) return;
      failure = { error };
      ended = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const value = buffer.shift();
        if (value !== undefined) {
          yield value;
          continue;
        }
        if (failure) throw failure.error;
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
