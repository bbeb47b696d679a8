/** Releases one thing a session owns: stops a process registry, disconnects MCP servers, flushes a log. */
export type CloseResource = () => Promise<unknown> | unknown;

/**
 * What a session owns, as one stack: each capability that opens something (processes, a sandbox,
 * MCP clients, an audit log, a store) registers how to release it with `defer` right after opening
 * it, so a session that fails half-way releases exactly what it opened.
 */
export interface SessionResources {
  /** Registers `close`, to run before everything registered earlier. Throws once the stack is closed. */
  defer(close: CloseResource): void;
  /**
   * Runs every registered close, last registered first, one after another, once (later calls
   * share the first's promise). Each runs even when an earlier one failed; the first failure is
   * thrown after all have run.
   */
  close(): Promise<void>;
}

/** An empty {@link SessionResources} stack. */
export function createSessionResources(): SessionResources {
  const stack: CloseResource[] = [];
  let closing: Promise<void> | undefined;
  return {
    defer(close) {
      if (closing) throw new Error('The session is closed: nothing can be added to it.');
      stack.push(close);
    },
    close() {
      closing ??= (async () => {
        let failure: { readonly error: unknown } | undefined;
        for (let close = stack.pop(); close; close = stack.pop()) {
          try {
            await close();
          } catch (error) {
            failure ??= { error };
          }
        }
        if (failure) throw failure.error;
      })();
      return closing;
    },
  };
}

/**
 * Runs `open` with a fresh stack: what `open` returns owns the stack; when `open` throws, the stack
 * is closed (what was opened so far, in reverse) and the error rethrown.
 */
export async function openWithResources<T>(open: (resources: SessionResources) => Promise<T>): Promise<T> {
  const resources = createSessionResources();
  try {
    return await open(resources);
  } catch (error) {
    await resources.close().catch(() => {});
    throw error;
  }
}
