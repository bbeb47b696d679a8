import { APICallError, RetryError } from 'ai';

function withCause(message: string, cause: unknown): string {
  return cause instanceof Error && cause.message && !message.includes(cause.message)
    ? `${message} (${cause.message})`
    : message;
}

/**
 * The provider's own message for a failed model request: the last attempt's error after retries,
 * with its HTTP status when there was one (`HTTP 500: <message from the error body>`).
 */
export function describeModelError(error: unknown): string {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) {
    const message = withCause(last.message, last.cause);
    return last.statusCode === undefined ? message : `HTTP ${last.statusCode}: ${message}`;
  }
  if (last instanceof Error) return withCause(last.message, last.cause);
  return String(last);
}
