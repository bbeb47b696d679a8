import type { AgentEvent } from '@toolgate/agent';

/** One JSON Lines record of `toolgate run --json`: the event with its `type` in snake_case (`turn_end`). */
export function agentEventJson(event: AgentEvent): string {
  return `${JSON.stringify({ ...event, type: event.type.replaceAll('-', '_') })}\n`;
}
