import { inProcessDecorator, type ToolDecorator, toolFailure } from '@toolgate/core';
import { rateLimitedMessage } from './rate-limit-description.js';

/** Options of {@link withRateLimit}. */
export interface RateLimitOptions {
  /** Calls of one tool in any 60 seconds. */
  readonly maxPerMinute: number;
  /** The clock, in milliseconds. @default `Date.now` */
  readonly now?: () => number;
}

const MINUTE_MS = 60_000;

/**
 * A decorator that lets each tool be called at most `maxPerMinute` times in any sliding minute
 * (across the session's delegates, which share the decorator); a call over it is not run and is
 * `failure{rate_limited}`, which tells the model how long to wait. Calls are counted as they
 * reach it (before hooks and approval), refused ones included, so a model cannot ask a person
 * faster than the limit either.
 */
export function withRateLimit(options: RateLimitOptions): ToolDecorator {
  const now = options.now ?? Date.now;
  const calls = new Map<string, number[]>();
  // Counting only: nothing outside the process is waited for.
  return inProcessDecorator(async (invocation, next) => {
    const tool = invocation.call.name;
    const at = now();
    const recent = (calls.get(tool) ?? []).filter((time) => time > at - MINUTE_MS);
    if (recent.length >= options.maxPerMinute) {
      calls.set(tool, recent);
      const wait = Math.max(1, Math.ceil((recent[0]! + MINUTE_MS - at) / 1000));
      return toolFailure('rate_limited', rateLimitedMessage(tool, options.maxPerMinute, wait));
    }
    recent.push(at);
    calls.set(tool, recent);
    return next();
  });
}
