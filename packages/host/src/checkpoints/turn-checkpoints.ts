import type { AgentModel, AgentTurn } from '@toolgate/agent';
import type { Checkpoints } from '@toolgate/checkpoints';
import { type ToolDecorator, toolFailure } from '@toolgate/core';
import { delegatingModel } from '../model/delegating-model.js';

/** How an agent session's turns take their checkpoints (see {@link createTurnCheckpoints}). */
export interface TurnCheckpoints {
  /** Set once the session's workspace, and so its checkpoints, exist; turns before that take none. */
  attach(checkpoints: Checkpoints): void;
  /** The attached checkpoints, for a host's rewind. */
  readonly checkpoints: Checkpoints | undefined;
  /**
   * Holds each tool call until its turn's checkpoint is taken; when that failed, a call that may
   * change something is refused (`checkpoint_failed`): nothing changes that could not be undone.
   */
  readonly gate: ToolDecorator;
  /**
   * The turn, checkpointed under `number` (a recorded session's turn number; @default one after
   * the last live checkpoint's): `beforeTurn` at once (the first turn's with `firstAfterAnswer`:
   * once a model request of it was answered, see `watch`, or its first tool call comes, or it
   * ends, whichever is first), `afterTurn` when it ends; its `result` settles after that.
   */
  around(turn: AgentTurn, number?: number): AgentTurn;
  /** `model`, whose answered requests (or failed ones) start a waiting first turn's checkpoint. */
  watch(model: AgentModel): AgentModel;
  /** Waits for the last turn's checkpoint, then closes the checkpoints. */
  close(): Promise<void>;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The seam between an agent session's turns and its checkpoints. A recorded session gives each
 * turn the store's number (numbers are never reused, a rewind's included); otherwise a turn's
 * number is the one after the last live checkpoint's (after a rewind to turn N the next is N again).
 * With `firstAfterAnswer` (a host that prompts at once), the first turn's checkpoint, and with it
 * the store's first look at the workspace, waits until its request was answered instead of holding
 * it up: before that no tool of the session has run, so nothing of the session's can have changed
 * the workspace, and each call still waits for the checkpoint. Later turns are checkpointed as
 * they start, since a process an earlier turn started may write while the model answers.
 */
export function createTurnCheckpoints(
  notice: (line: string) => void,
  { firstAfterAnswer = false }: { readonly firstAfterAnswer?: boolean } = {},
): TurnCheckpoints {
  let attached: Checkpoints | undefined;
  let taken: Promise<void> = Promise.resolve();
  let previous: Promise<unknown> = Promise.resolve();
  let waits = firstAfterAnswer;
  /** Lets a waiting first turn's `beforeTurn` begin (the first call settles it; later ones do nothing). */
  let begin = () => {};
  return {
    attach(checkpoints) {
      attached = checkpoints;
    },
    get checkpoints() {
      return attached;
    },
    async gate(invocation, next) {
      begin();
      try {
        await taken;
      } catch (error) {
        if (invocation.tool.definition.annotations?.readOnly !== true) {
          return toolFailure(
            'checkpoint_failed',
            `No checkpoint of this turn could be taken (${reason(error)}), so nothing that changes files runs in it; read-only tools still do. Tell the user.`,
          );
        }
      }
      return next();
    },
    around(turn, given) {
      const checkpoints = attached;
      if (!checkpoints) return turn;
      let number = given ?? 0;
      const wanted = waits
        ? new Promise<void>((resolve) => {
            begin = resolve;
          })
        : undefined;
      waits = false;
      const start = begin;
      const before = previous.then(async () => {
        await wanted;
        if (given === undefined) number = ((await checkpoints.list()).at(-1)?.turn ?? 0) + 1;
        await checkpoints.beforeTurn(number);
      });
      before.catch((error: unknown) => notice(`checkpoints: no checkpoint of this turn: ${reason(error)}`));
      taken = before;
      const after = async () => {
        start();
        try {
          await before;
        } catch {
          return;
        }
        await checkpoints.afterTurn(number).catch((error: unknown) => {
          notice(`checkpoints: the changes of turn ${number} were not recorded: ${reason(error)}`);
        });
      };
      const result = turn.result.then(
        async (ended) => {
          await after();
          return ended;
        },
        async (error: unknown) => {
          await after();
          throw error;
        },
      );
      previous = result.catch(() => {});
      return { result, [Symbol.asyncIterator]: () => turn[Symbol.asyncIterator]() };
    },
    watch(model) {
      const answered = <T>(request: PromiseLike<T>): Promise<T> => {
        const started = begin;
        return Promise.resolve(request).finally(started);
      };
      return delegatingModel(() => model, answered);
    },
    async close() {
      await previous;
      await attached?.close();
    },
  };
}
