import type { AgentEvent, AgentTurn, TurnResult } from '@toolgate/agent';

/**
 * The turn with every event handed to `hear` (the audit log): as the host iterates it, or, for a
 * host that only awaits `result` without iterating, as the turn runs.
 */
export function auditedTurn(turn: AgentTurn, hear: (event: AgentEvent) => void): AgentTurn {
  let read = false;
  let drained: Promise<TurnResult> | undefined;
  return {
    get result() {
      if (read) return drained ?? turn.result;
      read = true;
      drained = (async () => {
        for await (const event of turn) hear(event);
        return turn.result;
      })();
      return drained;
    },
    async *[Symbol.asyncIterator]() {
      // Like the agent's own turn, its events are read once.
      if (read) return;
      read = true;
      for await (const event of turn) {
        hear(event);
        yield event;
      }
    },
  };
}
