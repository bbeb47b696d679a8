/**
 * The id of the one call `toolgate call` makes, as hooks and the audit log see it: distinct across
 * runs (the time and the process id), without loading node:crypto at start-up for it.
 */
export function oneShotCallId(): string {
  return `call_${Date.now().toString(36)}${process.pid.toString(36)}`;
}
