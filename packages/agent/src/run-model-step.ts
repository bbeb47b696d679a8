import type { LanguageModelV4FunctionTool, LanguageModelV4Message } from '@ai-sdk/provider';
import type { ToolCall } from '@toolgate/core';
import type { AgentEvent } from './agent-event.js';
import type { AgentModel } from './agent-model.js';
import { createAssistantMessageBuilder } from './assistant-message-builder.js';
import { describeModelError } from './describe-model-error.js';
import { isContextLengthError } from './is-context-length-error.js';
import { openModelStream } from './open-model-stream.js';
import { parseToolInput } from './parse-tool-input.js';
import type { ModelFinishReason } from './stop-reason-of-finish.js';
import { type TurnUsage, toTurnUsage, ZERO_USAGE } from './turn-usage.js';

/** What one model request needs. */
export interface ModelStepRequest {
  readonly model: AgentModel;
  readonly instructions: string;
  readonly messages: readonly LanguageModelV4Message[];
  /** Shared across steps; never changed. */
  readonly tools: LanguageModelV4FunctionTool[];
  readonly maxRetries: number;
  readonly maxOutputTokens: number | undefined;
  readonly signal: AbortSignal;
  readonly emit: (event: AgentEvent) => void;
}

/** How one model request ended. */
export type ModelStep =
  | {
      readonly kind: 'answered';
      readonly text: string;
      /** In the model's order; a malformed argument string is kept as the raw text. */
      readonly toolCalls: readonly ToolCall[];
      readonly finishReason: ModelFinishReason;
      readonly usage: TurnUsage;
      /** The assistant message to append to the history, if the model said anything. */
      readonly message: LanguageModelV4Message | undefined;
    }
  | {
      readonly kind: 'failed';
      readonly message: string;
      /** The provider refused the prompt for its length: compacting may help. */
      readonly contextExceeded: boolean;
    }
  | { readonly kind: 'aborted' };

/**
 * One model request through the provider's `doStream`, read to its end: text and reasoning deltas
 * are emitted as they come; tool calls are collected, never executed. Never throws.
 */
export async function runModelStep(request: ModelStepRequest): Promise<ModelStep> {
  const { signal } = request;
  const opened = await openModelStream(
    request.model,
    {
      prompt: [{ role: 'system', content: request.instructions }, ...request.messages],
      tools: request.tools,
      // Stated, as streamText did, rather than left to each server's default.
      toolChoice: { type: 'auto' },
      abortSignal: signal,
      ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
    },
    request.maxRetries,
  );
  if (opened.kind !== 'opened') return opened;
  const reader = opened.stream.getReader();
  const assistant = createAssistantMessageBuilder();
  const toolCalls: ToolCall[] = [];
  let text = '';
  let finishReason: ModelFinishReason = 'other';
  let usage = ZERO_USAGE;
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      switch (part.type) {
        case 'text-start':
        case 'reasoning-start':
          assistant.append(
            part.type === 'text-start' ? 'text' : 'reasoning',
            part.id,
            '',
            part.providerMetadata,
          );
          break;
        case 'text-delta':
          text += part.delta;
          assistant.append('text', part.id, part.delta, part.providerMetadata);
          request.emit({ type: 'text-delta', text: part.delta });
          break;
        case 'reasoning-delta':
          assistant.append('reasoning', part.id, part.delta, part.providerMetadata);
          request.emit({ type: 'reasoning-delta', text: part.delta });
          break;
        case 'text-end':
        case 'reasoning-end':
          assistant.close(part.type === 'text-end' ? 'text' : 'reasoning', part.id, part.providerMetadata);
          break;
        case 'tool-call': {
          // We give the model no provider-executed tools; one reported anyway is not ours to run.
          if (part.providerExecuted) break;
          const input = parseToolInput(part.input);
          toolCalls.push({ id: part.toolCallId, name: part.toolName, arguments: input.arguments });
          assistant.addToolCall(
            { toolCallId: part.toolCallId, toolName: part.toolName, input: input.historyInput },
            part.providerMetadata,
          );
          break;
        }
        case 'finish':
          finishReason = part.finishReason.unified;
          usage = toTurnUsage(part.usage);
          break;
        case 'error':
          await reader.cancel().catch(() => {});
          return signal.aborted
            ? { kind: 'aborted' }
            : {
                kind: 'failed',
                message: describeModelError(part.error),
                contextExceeded: isContextLengthError(part.error),
              };
        default:
          break;
      }
    }
  } catch (error) {
    if (signal.aborted) return { kind: 'aborted' };
    await reader.cancel().catch(() => {});
    return { kind: 'failed', message: describeModelError(error), contextExceeded: false };
  }
  if (signal.aborted) return { kind: 'aborted' };
  return { kind: 'answered', text, toolCalls, finishReason, usage, message: assistant.message() };
}
