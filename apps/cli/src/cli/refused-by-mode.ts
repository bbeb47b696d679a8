import type { AgentEvent } from '@toolgate/agent';

/**
 * Whether the event is a call the approval mode refused unasked (plan's writes, dont-ask's
 * questions), a delegate's child's included: the turn goes on, but `run` exits 3 for it.
 */
export function refusedByMode(event: AgentEvent): boolean {
  if (event.type === 'delegate-event') return refusedByMode(event.event);
  return event.type === 'tool-result' && event.result.status === 'rejected' && event.result.by === 'mode';
}
