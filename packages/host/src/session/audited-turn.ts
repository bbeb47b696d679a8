import type { AgentEvent, AgentTurn } from '@toolgate/agent';

/** The turn with every event handed to `hear` (the audit log) as the host iterates it. */
export function auditedTurn(turn: AgentTurn, hear: (event: AgentEvent) => void): AgentTurn {
  return {
    result: turn.result,
    async *[Symbol.asyncIterator]() {
      for await (const event of turn) {
        hear(event);
        yield event;
      }
    },
  };
}
