import type { FinishReason } from 'ai';
import type { StopReason } from './stop-reason.js';

/** The stop reason of a step that asked for no tool calls, from the model's finish reason. */
export function stopReasonOfFinish(finishReason: FinishReason): StopReason {
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
