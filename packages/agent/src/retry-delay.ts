import { APICallError } from '@ai-sdk/provider';

/** The first retry's delay without a retry-after header; each further retry doubles it. */
const INITIAL_DELAY_MS = 2000;
/** A server's retry-after longer than this is not waited for (the backoff delay is, if longer). */
const LONGEST_HONOURED_MS = 60_000;

function headerDelayMs(headers: Readonly<Record<string, string>> | undefined): number | undefined {
  if (!headers) return undefined;
  const milliseconds = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (!Number.isNaN(milliseconds)) return milliseconds;
  const retryAfter = headers['retry-after'];
  if (retryAfter === undefined) return undefined;
  const seconds = Number.parseFloat(retryAfter);
  // retry-after is seconds or an HTTP date.
  return Number.isNaN(seconds) ? Date.parse(retryAfter) - Date.now() : seconds * 1000;
}

/**
 * How long to wait before retry number `retry` (0 for the first) of a failed request: the
 * server's `retry-after-ms` or `retry-after` when it is sensible (0 to 60 s, or shorter than the
 * backoff), else exponential backoff from 2 s.
 */
export function retryDelayMs(error: unknown, retry: number): number {
  const backoff = INITIAL_DELAY_MS * 2 ** retry;
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  const asked = headerDelayMs(headers);
  if (asked === undefined || Number.isNaN(asked) || asked < 0) return backoff;
  return asked < LONGEST_HONOURED_MS || asked < backoff ? asked : backoff;
}
