/** How often a running command's output is shown, at most. */
export const LIVE_OUTPUT_INTERVAL_MS = 250;
/** Characters of the most recent output shown while a command runs. */
const LIVE_OUTPUT_CHARS = 8000;
/** Bytes kept for them: a character is at most 4 bytes of UTF-8. */
const LIVE_OUTPUT_BYTES = 4 * LIVE_OUTPUT_CHARS;

/** A running command's recent output (both streams, in order), shown through `show` while it changes. */
export interface LiveOutput {
  push(chunk: Buffer): void;
  /** Stops showing; the call's result shows the rest. */
  stop(): void;
}

const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * Shows the last {@link LIVE_OUTPUT_CHARS} characters of a command's output at most every
 * {@link LIVE_OUTPUT_INTERVAL_MS}, and only when new output came. Only the last bytes are kept, as
 * bytes, and decoded once per showing (a gigabyte of output is never turned into text here). The
 * timer is unref'd.
 */
export function liveOutput(show: (text: string) => void): LiveOutput {
  const window = Buffer.allocUnsafe(LIVE_OUTPUT_BYTES);
  let length = 0;
  let changed = false;
  const timer = setInterval(() => {
    if (!changed) return;
    changed = false;
    // A cut through a character at the window's start decodes as U+FFFD: skip its continuation bytes.
    let start = 0;
    if (length === LIVE_OUTPUT_BYTES) while (start < 3 && (window[start]! & 0xc0) === 0x80) start++;
    try {
      show(decoder.decode(window.subarray(start, length)).slice(-LIVE_OUTPUT_CHARS));
    } catch {
      // A host's display must not break the command.
    }
  }, LIVE_OUTPUT_INTERVAL_MS);
  timer.unref();
  return {
    push(chunk) {
      changed ||= chunk.length > 0;
      if (chunk.length >= LIVE_OUTPUT_BYTES) {
        chunk.copy(window, 0, chunk.length - LIVE_OUTPUT_BYTES);
        length = LIVE_OUTPUT_BYTES;
        return;
      }
      const keep = Math.min(length, LIVE_OUTPUT_BYTES - chunk.length);
      if (keep < length) window.copy(window, 0, length - keep, length);
      chunk.copy(window, keep);
      length = keep + chunk.length;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
