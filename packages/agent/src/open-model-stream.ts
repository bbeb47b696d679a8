import {
  APICallError,
  type LanguageModelV4CallOptions,
  type LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import type { AgentModel } from './agent-model.js';
import { describeModelError } from './describe-model-error.js';
import { isContextLengthError } from './is-context-length-error.js';
import { retryDelayMs } from './retry-delay.js';
import { waitUnlessAborted } from './wait-unless-aborted.js';

/** How opening a model stream ended. */
export type OpenedModelStream =
  | { readonly kind: 'opened'; readonly stream: ReadableStream<LanguageModelV4StreamPart> }
  | {
      readonly kind: 'failed';
      readonly message: string;
      /** The provider refused the prompt for its length (`isContextLengthError`). */
      readonly contextExceeded: boolean;
    }
  | { readonly kind: 'aborted' };

/**
 * Starts one streamed model request through the provider's `doStream`, retrying what the provider
 * marks retryable (429, 5xx, a connection that failed) at most `maxRetries` times, after the
 * server's retry-after or an exponential backoff. Errors once the stream flows are not retried:
 * part of the answer may already have been shown. Never throws.
 */
export async function openModelStream(
  model: AgentModel,
  options: LanguageModelV4CallOptions & { readonly abortSignal: AbortSignal },
  maxRetries: number,
): Promise<OpenedModelStream> {
  const signal = options.abortSignal;
  for (let retry = 0; ; retry++) {
    try {
      const { stream } = await model.doStream(options);
      return { kind: 'opened', stream };
    } catch (error) {
      if (signal.aborted) return { kind: 'aborted' };
      const retryable = APICallError.isInstance(error) && error.isRetryable;
      if (!retryable || retry >= maxRetries)
        return {
          kind: 'failed',
          message: describeModelError(error),
          contextExceeded: isContextLengthError(error),
        };
      if (!(await waitUnlessAborted(retryDelayMs(error, retry), signal))) return { kind: 'aborted' };
    }
  }
}
