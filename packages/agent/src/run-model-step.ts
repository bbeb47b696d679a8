import type { ToolCall } from '@toolgate/core';
import { type FinishReason, type ModelMessage, streamText, type ToolSet } from 'ai';
import type { AgentEvent } from './agent-event.js';
import type { AgentModel } from './agent-model.js';
import { describeModelError } from './describe-model-error.js';
import { type TurnUsage, toTurnUsage, ZERO_USAGE } from './turn-usage.js';

/** What one model request needs. */
export interface ModelStepRequest {
  readonly model: AgentModel;
  readonly instructions: string;
  readonly messages: readonly ModelMessage[];
  readonly tools: ToolSet;
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
      readonly finishReason: FinishReason;
      readonly usage: TurnUsage;
      /** The assistant message(s) to append to the history (never the SDK's own tool results). */
      readonly messages: readonly ModelMessage[];
    }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'aborted' };

function toolCallOf(part: { toolCallId: string; toolName: string; input: unknown }): ToolCall {
  const input = part.input;
  const args =
    typeof input === 'string' || (typeof input === 'object' && input !== null && !Array.isArray(input))
      ? (input as string | Record<string, unknown>)
      : null;
  return { id: part.toolCallId, name: part.toolName, arguments: args };
}

/**
 * One model request through the AI SDK, streamed: text and reasoning deltas are emitted as they
 * come; tool calls are collected, never executed (the tools have no `execute`). Retries on
 * 429/5xx are the SDK's (bounded by `maxRetries`, honouring retry-after). Never throws.
 */
export async function runModelStep(request: ModelStepRequest): Promise<ModelStep> {
  let text = '';
  const toolCalls: ToolCall[] = [];
  let finishReason: FinishReason = 'other';
  let usage = ZERO_USAGE;
  let failure: unknown;
  let failed = false;
  try {
    const result = streamText({
      model: request.model,
      instructions: request.instructions,
      messages: [...request.messages],
      tools: request.tools,
      maxRetries: request.maxRetries,
      abortSignal: request.signal,
      ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta':
          text += part.text;
          request.emit({ type: 'text-delta', text: part.text });
          break;
        case 'reasoning-delta':
          request.emit({ type: 'reasoning-delta', text: part.text });
          break;
        case 'tool-call':
          toolCalls.push(toolCallOf(part));
          break;
        case 'finish-step':
          finishReason = part.finishReason;
          usage = toTurnUsage(part.usage);
          break;
        case 'error':
          failed = true;
          failure = part.error;
          break;
        default:
          break;
      }
    }
    if (request.signal.aborted) return { kind: 'aborted' };
    if (failed) return { kind: 'failed', message: describeModelError(failure) };
    const response = await result.response;
    const messages = response.messages.filter((message) => message.role === 'assistant');
    return { kind: 'answered', text, toolCalls, finishReason, usage, messages };
  } catch (error) {
    if (request.signal.aborted) return { kind: 'aborted' };
    return { kind: 'failed', message: describeModelError(failed ? failure : error) };
  }
}
