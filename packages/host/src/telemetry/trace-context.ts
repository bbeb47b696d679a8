import type { AsyncLocalStorage } from 'node:async_hooks';

// The W3C `traceparent` of the tool call running in this async context, set while the call runs.
// Made on the first traced call: `node:async_hooks`' AsyncLocalStorage loads Node's async-context
// modules when it is first read, which a session without traces never needs.
let storage: AsyncLocalStorage<string> | undefined;

/** The running tool call's `traceparent` (W3C trace context), when traces are on. */
export function currentTraceparent(): string | undefined {
  return storage?.getStore();
}

/** Runs `work` with `traceparent` as the running call's. */
export function withTraceparent<T>(traceparent: string, work: () => T): T {
  storage ??= new (process.getBuiltinModule('node:async_hooks').AsyncLocalStorage)<string>();
  return storage.run(traceparent, work);
}

/**
 * bash's environment options: the default policy over the host's environment, with
 * `TRACEPARENT` set to the running call's when traces are on, so a command continues the trace.
 */
export const TRACED_SHELL_ENVIRONMENT = {
  get base(): NodeJS.ProcessEnv {
    const traceparent = currentTraceparent();
    return traceparent === undefined ? process.env : { ...process.env, TRACEPARENT: traceparent };
  },
};
