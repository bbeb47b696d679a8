import type { NetworkRefusal } from '@toolgate/sandbox-network';
import type { AuditedEvent, NetworkRefusedEvent } from './create-audit-log.js';

/** A refusal listener that hands each refusal to the audit log's `onEvent`. */
export function networkRefusalAuditor(
  onEvent: (event: AuditedEvent) => void,
): (refusal: NetworkRefusal) => void {
  return (refusal) => onEvent({ type: 'network-refused', refusal } satisfies NetworkRefusedEvent);
}
