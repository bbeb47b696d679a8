import type { AgentEvent, AgentTurn, TurnResult } from '@toolgate/agent';

/**
 * The turn with `finish` run once it ends, before its `result` settles and before its events end
 * (a host that iterates and then closes the session still has the turn recorded). `finish` is not
 * run when the turn rejects (library misuse: the history was not updated).
 */
export function recordedTurn(turn: AgentTurn, finish: (result: TurnResult) => Promise<void>): AgentTurn {
  const result = turn.result.then(async (ended) => {
    await finish(ended);
    return ended;
  });
  // A host that only iterates still sees a failure through the iterator; this marks it handled.
  result.catch(() => {});
  return {
    result,
    async *[Symbol.asyncIterator](): AsyncGenerator<AgentEvent> {
      for await (const event of turn) {
        if (event.type === 'turn-end') await result;
        yield event;
      }
    },
  };
}
