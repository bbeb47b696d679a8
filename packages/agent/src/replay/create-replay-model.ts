import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4Message,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { AgentModel } from '../agent-model.js';
import type { ReplayGuard, ReplayTurn } from './replay-script.js';

/**
 * The text of the latest tool results: those after the model's last turn (a person's prompt in
 * between is passed over, so a new turn can branch on how the last one ended).
 */
function latestToolResults(prompt: readonly LanguageModelV4Message[]): string {
  const texts: string[] = [];
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index];
    if (message === undefined || message.role === 'assistant') break;
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const output = part.output;
      if (output.type === 'text' || output.type === 'error-text') texts.unshift(output.value);
      else if (output.type === 'json' || output.type === 'error-json')
        texts.unshift(JSON.stringify(output.value));
      else if (output.type === 'execution-denied') texts.unshift(output.reason ?? 'execution denied');
      else if (output.type === 'content')
        texts.unshift(output.value.map((item) => (item.type === 'text' ? item.text : '')).join('\n'));
    }
  }
  return texts.join('\n');
}

function matches(guard: ReplayGuard | undefined, results: string): boolean {
  if (guard === undefined) return true;
  return (
    (guard.toolResultIncludes ?? []).every((text) => results.includes(text)) &&
    !(guard.toolResultExcludes ?? []).some((text) => results.includes(text))
  );
}

function usageOf(turn: ReplayTurn): LanguageModelV4Usage {
  const input = turn.usage?.inputTokens ?? 0;
  const output = turn.usage?.outputTokens ?? 0;
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function contentOf(turn: ReplayTurn, position: number): LanguageModelV4Content[] {
  const content: LanguageModelV4Content[] = [];
  if (turn.reasoning !== undefined) content.push({ type: 'reasoning', text: turn.reasoning });
  if (turn.text !== undefined) content.push({ type: 'text', text: turn.text });
  (turn.toolCalls ?? []).forEach((call, index) => {
    content.push({
      type: 'tool-call',
      toolCallId: call.id ?? `replay_${position}_${index + 1}`,
      toolName: call.name,
      input: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    });
  });
  return content;
}

function streamOf(content: readonly LanguageModelV4Content[], turn: ReplayTurn): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  content.forEach((item, index) => {
    const id = String(index);
    if (item.type === 'text' || item.type === 'reasoning') {
      const kind = item.type;
      parts.push(
        { type: `${kind}-start`, id },
        { type: `${kind}-delta`, id, delta: item.text },
        { type: `${kind}-end`, id },
      );
    } else if (item.type === 'tool-call') parts.push(item);
  });
  const unified = turn.finishReason ?? (turn.toolCalls?.length ? 'tool-calls' : 'stop');
  parts.push({ type: 'finish', usage: usageOf(turn), finishReason: { unified, raw: unified } });
  return parts;
}

/** The error a replay model raises when its script has nothing left that fits. */
export class ReplayExhaustedError extends Error {
  override readonly name = 'ReplayExhaustedError';
}

/**
 * A model that plays a script instead of asking a service: each request plays the next turn whose
 * `when` guard matches the tool results the prompt ends with, skipping those that do not. It is an
 * ordinary provider model (`doStream`, `doGenerate`), so the agent runs it as it runs any other.
 * A request with nothing left to play fails with {@link ReplayExhaustedError}, naming the script.
 */
export function createReplayModel(turns: readonly ReplayTurn[], name: string): AgentModel {
  let cursor = 0;
  const next = (options: LanguageModelV4CallOptions): { turn: ReplayTurn; position: number } => {
    const results = latestToolResults(options.prompt);
    while (cursor < turns.length) {
      const position = cursor++;
      const turn = turns[position] as ReplayTurn;
      if (matches(turn.when, results)) return { turn, position: position + 1 };
    }
    throw new ReplayExhaustedError(
      `replay script ${name} has no turn left for this request (${turns.length} turn${turns.length === 1 ? '' : 's'} played or skipped).`,
    );
  };
  return {
    specificationVersion: 'v4',
    provider: 'replay',
    modelId: name,
    supportedUrls: {},
    async doGenerate(options) {
      const { turn, position } = next(options);
      const unified = turn.finishReason ?? (turn.toolCalls?.length ? 'tool-calls' : 'stop');
      return {
        content: contentOf(turn, position),
        finishReason: { unified, raw: unified },
        usage: usageOf(turn),
        warnings: [],
      };
    },
    async doStream(options) {
      const { turn, position } = next(options);
      const parts = streamOf(contentOf(turn, position), turn);
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}
