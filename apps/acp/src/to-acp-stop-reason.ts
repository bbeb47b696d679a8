import type { StopReason as AcpStopReason } from '@agentclientprotocol/sdk';
import type { StopReason } from '@toolgate/agent';

/** The ACP stop reason of a turn that did not fail (`model_error` is a JSON-RPC error instead). */
export function toAcpStopReason(reason: Exclude<StopReason, 'model_error'>): AcpStopReason {
  switch (reason) {
    case 'interrupted':
      return 'cancelled';
    case 'max_steps':
    case 'budget_exhausted':
      return 'max_turn_requests';
    case 'max_tokens':
    case 'context_exceeded':
      return 'max_tokens';
    case 'refusal':
      return 'refusal';
    default:
      return 'end_turn';
  }
}
