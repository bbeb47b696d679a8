import type { LanguageModelV4FinishReason } from '@ai-sdk/provider';
import type { StopReason } from './stop-reason.js';

/** The provider's unified finish reason (`stop`, `tool-calls`, `length`, `content-filter`, …). */
export type ModelFinishReason = LanguageModelV4FinishReason['unified'];

/** The stop reason of a step that asked for no tool calls, from the model's finish reason. */
export function stopReasonOfFinish(finishReason: ModelFinishReason): StopReason {
  switch (finishReason) {
    case 'length':
      return 'max_tokens';
    case 'content-filter':
      return 'refusal';
    case 'error':
      return 'model_error';
    default:
      return 'completed';
  }
}
