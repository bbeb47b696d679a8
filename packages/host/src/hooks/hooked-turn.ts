import type { AgentEvent, AgentTurn, PromptOptions, TurnResult } from '@toolgate/agent';
import type { SessionHookRunner } from './create-session-hook-runner.js';
import { blockedPromptText, stopHookPrompt } from './stop-hook-description.js';

/** Turns a stop hook may ask for after one prompt: past it, the turn ends (the loop guard). */
export const MAX_STOP_HOOK_CONTINUATIONS = 3;

/** The text hooks of an event added (`additionalContext`, or plain stdout), in order. */
export function addedContext(outcomes: Awaited<ReturnType<SessionHookRunner['run']>>): string[] {
  return outcomes.flatMap(({ verdict }) => {
    if (verdict.type === 'block') return [];
    const text =
      verdict.specific?.additionalContext ?? (verdict.type === 'continue' ? verdict.text : undefined);
    return text?.trim() ? [text.trim()] : [];
  });
}

/**
 * One prompt behind the userPromptSubmit and stop hooks, as one turn. userPromptSubmit hooks get
 * `prompt` first: one that blocks (exit 2, `decision: "block"`, or fails) ends the turn
 * `blocked_by_policy` before the model is asked; what they add (`additionalContext`, plain stdout)
 * follows the prompt. When the turn completes, stop hooks get `stop_hook_active` (true when a stop
 * hook already continued this prompt) and `last_assistant_message`; one that blocks (exit 2 or
 * `decision: "block"`) runs another turn whose prompt is its reason, at most
 * {@link MAX_STOP_HOOK_CONTINUATIONS} times; a stop hook that fails is a notice. The events of
 * every turn come in order, with one `turn-end` (the last turn's, its usage and steps summed).
 */
export function hookedTurn(
  runner: SessionHookRunner,
  prompt: (input: string, options?: PromptOptions) => AgentTurn,
  input: string,
  options: PromptOptions | undefined,
  notice: (line: string) => void,
): AgentTurn {
  const signal = options?.signal;
  async function* run(): AsyncGenerator<AgentEvent, TurnResult> {
    let text = input;
    if (runner.has('userPromptSubmit')) {
      const outcomes = await runner.run('userPromptSubmit', { prompt: input }, signal ? { signal } : {});
      const blocked = outcomes.find(({ verdict }) => verdict.type === 'block');
      if (blocked && blocked.verdict.type === 'block') {
        const result: TurnResult = {
          stopReason: 'blocked_by_policy',
          text: blockedPromptText(blocked.hook.command, blocked.verdict.reason),
          usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
          steps: 0,
        };
        yield { type: 'turn-end', ...result };
        return result;
      }
      const context = addedContext(outcomes);
      if (context.length > 0) text = `${input}\n\n${context.join('\n\n')}`;
    }
    let usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    let steps = 0;
    for (let round = 0; ; round++) {
      const turn = prompt(text, options);
      for await (const event of turn) if (event.type !== 'turn-end') yield event;
      const ended = await turn.result;
      usage = {
        inputTokens: usage.inputTokens + ended.usage.inputTokens,
        outputTokens: usage.outputTokens + ended.usage.outputTokens,
        totalTokens: usage.totalTokens + ended.usage.totalTokens,
      };
      steps += ended.steps;
      const result: TurnResult = { ...ended, usage, steps };
      const finish = () => ({ type: 'turn-end', ...result }) as const;
      if (result.stopReason !== 'completed' || !runner.has('stop')) {
        yield finish();
        return result;
      }
      const outcomes = await runner.run(
        'stop',
        { stop_hook_active: round > 0, last_assistant_message: result.text },
        signal ? { signal } : {},
      );
      for (const { hook, failed } of outcomes)
        if (failed !== undefined)
          notice(`toolgate: the stop hook ${JSON.stringify(hook.command)} failed: ${failed}`);
      const asks = outcomes.find(({ verdict, failed }) => failed === undefined && verdict.type === 'block');
      if (asks?.verdict.type !== 'block') {
        yield finish();
        return result;
      }
      if (round >= MAX_STOP_HOOK_CONTINUATIONS) {
        notice(
          `toolgate: the stop hook ${JSON.stringify(asks.hook.command)} asked to continue again; ending the turn after ${MAX_STOP_HOOK_CONTINUATIONS} continuations (loop guard).`,
        );
        yield finish();
        return result;
      }
      text = stopHookPrompt(asks.hook.command, asks.verdict.reason);
    }
  }
  const events = run();
  let settle: (result: Promise<TurnResult>) => void = () => {};
  const final = new Promise<TurnResult>((resolve) => {
    settle = resolve;
  });
  let read = false;
  const drain = async (): Promise<TurnResult> => {
    for (;;) {
      const next = await events.next();
      if (next.done) return next.value;
    }
  };
  return {
    get result() {
      if (!read) {
        read = true;
        settle(drain());
      }
      return final;
    },
    async *[Symbol.asyncIterator]() {
      // Like the agent's own turn, its events are read once.
      if (read) return;
      read = true;
      try {
        for (;;) {
          const next = await events.next();
          if (next.done) {
            settle(Promise.resolve(next.value));
            return;
          }
          yield next.value;
        }
      } catch (error) {
        settle(Promise.reject(error));
        throw error;
      }
    },
  };
}
