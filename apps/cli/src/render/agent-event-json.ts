import type { AgentEvent } from '@toolgate/agent';

function snakeCased(event: AgentEvent): object {
  const type = event.type.replaceAll('-', '_');
  return event.type === 'delegate-event'
    ? { ...event, type, event: snakeCased(event.event) }
    : { ...event, type };
}

/**
 * One JSON Lines record of `toolgate run --json`: the event with its `type` in snake_case
 * (`turn_end`); a delegate's child event is nested the same way (`delegate_event` → `tool_call`).
 */
export function agentEventJson(event: AgentEvent): string {
  return `${JSON.stringify(snakeCased(event))}\n`;
}
