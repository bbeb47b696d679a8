import { APICallError } from '@ai-sdk/provider';

function withCause(message: string, cause: unknown): string {
  return cause instanceof Error && cause.message && !message.includes(cause.message)
    ? `${message} (${cause.message})`
    : message;
}

/**
 * The provider's own message for a failed model request (the last attempt's, after retries),
 * with its HTTP status when there was one (`HTTP 500: <message from the error body>`).
 */
export function describeModelError(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const message = withCause(error.message, error.cause);
    return error.statusCode === undefined ? message : `HTTP ${error.statusCode}: ${message}`;
  }
  if (error instanceof Error) return withCause(error.message, error.cause);
  return String(error);
}
