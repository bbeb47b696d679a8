/** How often a running command's output is shown, at most. */
export const LIVE_OUTPUT_INTERVAL_MS = 250;
/** Characters of the most recent output shown while a command runs. */
const LIVE_OUTPUT_CHARS = 8000;

/** A running command's recent output (both streams, in order), shown through `show` while it changes. */
export interface LiveOutput {
  push(chunk: Buffer): void;
  /** Stops showing; the call's result shows the rest. */
  stop(): void;
}

/**
 * Shows the last {@link LIVE_OUTPUT_CHARS} characters of a command's output at most every
 * {@link LIVE_OUTPUT_INTERVAL_MS}, and only when new output came. The timer is unref'd.
 */
export function liveOutput(show: (text: string) => void): LiveOutput {
  let text = '';
  let changed = false;
  const timer = setInterval(() => {
    if (!changed) return;
    changed = false;
    try {
      show(text);
    } catch {
      // A host's display must not break the command.
    }
  }, LIVE_OUTPUT_INTERVAL_MS);
  timer.unref();
  return {
    push(chunk) {
      text = (text + chunk.toString('utf8')).slice(-LIVE_OUTPUT_CHARS);
      changed = true;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
