import type { AgentEvent, AgentTurn, TurnResult } from '@toolgate/agent';

/**
 * The turn read to its end at once: each event goes to `hear` and is kept for the host to
 * iterate; once it ends, `finish` runs before the turn's `result` settles and before its last
 * event (`turn-end`) is handed on, so a host that iterates and then closes the session still has
 * the turn recorded. `finish` is not run when the turn rejects (library misuse: the history was
 * not updated).
 */
export function recordedTurn(
  turn: AgentTurn,
  hear: (event: AgentEvent) => void,
  finish: (result: TurnResult) => Promise<void>,
): AgentTurn {
  const events: AgentEvent[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const result = (async () => {
    try {
      for await (const event of turn) {
        hear(event);
        if (event.type === 'turn-end') await finish(await turn.result);
        events.push(event);
        wake?.();
      }
      return await turn.result;
    } finally {
      ended = true;
      wake?.();
    }
  })();
  // A host that only iterates still sees a failure through the iterator; this marks it handled.
  result.catch(() => {});
  let read = false;
  return {
    result,
    async *[Symbol.asyncIterator](): AsyncGenerator<AgentEvent> {
      // Like the agent's own turn, its events are read once.
      if (read) return;
      read = true;
      for (;;) {
        const event = events.shift();
        if (event) {
          yield event;
          continue;
        }
        if (ended) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
      await result;
    },
  };
}
