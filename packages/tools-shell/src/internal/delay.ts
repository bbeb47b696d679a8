/**
 * Resolves after `ms`. The timer is unref'd: it only bounds a wait raced against a process event,
 * so it must never keep a host's event loop alive on its own.
 */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });
}
