import { APICallError } from '@ai-sdk/provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryDelayMs } from './retry-delay.js';

function failure(headers?: Record<string, string>): APICallError {
  return new APICallError({
    message: 'rate limited',
    url: 'http://127.0.0.1/chat/completions',
    requestBodyValues: {},
    statusCode: 429,
    ...(headers ? { responseHeaders: headers } : {}),
  });
}

describe('retryDelayMs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('backs off exponentially from 2 s without a retry-after header', () => {
    expect([0, 1, 2].map((retry) => retryDelayMs(failure(), retry))).toEqual([2000, 4000, 8000]);
    expect(retryDelayMs(new Error('not an HTTP error'), 0)).toBe(2000);
  });

  it('waits retry-after-ms, which wins over retry-after', () => {
    expect(retryDelayMs(failure({ 'retry-after-ms': '150', 'retry-after': '9' }), 0)).toBe(150);
  });

  it('reads retry-after as seconds or as an HTTP date', () => {
    expect(retryDelayMs(failure({ 'retry-after': '1.5' }), 0)).toBe(1500);
    // A fixed clock: the answer does not depend on how long the lines between took.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-05-04T10:00:00Z') });
    expect(retryDelayMs(failure({ 'retry-after': 'Mon, 04 May 2026 10:00:30 GMT' }), 0)).toBe(30_000);
  });

  it('falls back to the backoff for a retry-after that is negative, unreadable or over a minute', () => {
    expect(retryDelayMs(failure({ 'retry-after': '-3' }), 0)).toBe(2000);
    expect(retryDelayMs(failure({ 'retry-after': 'soon' }), 1)).toBe(4000);
    expect(retryDelayMs(failure({ 'retry-after': '3600' }), 0)).toBe(2000);
  });
});
