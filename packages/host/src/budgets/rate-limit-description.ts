/** What the model reads for a call over the per-tool rate limit. */
export function rateLimitedMessage(tool: string, limit: number, waitSeconds: number): string {
  return `Not run: ${tool} was called ${limit} times in the last minute, its limit (limits.maxCallsPerToolPerMinute). Wait about ${waitSeconds} s before calling it again, or do something else first.`;
}
