import { APICallError } from '@ai-sdk/provider';

/**
 * How providers say a prompt is longer than the model's window: OpenAI's error code, Anthropic's
 * and the OpenAI-compatible servers' (vLLM, llama.cpp, Ollama) messages.
 */
const CONTEXT_LENGTH =
  /context_length_exceeded|context length|context window|maximum context|prompt is too long|input is too long|too many tokens|exceeds? the (?:model'?s? )?(?:maximum|context)/i;

/**
 * Whether a failed model request was refused for its length (a 400 or 413 saying so), so that
 * compacting the history and asking again may succeed.
 */
export function isContextLengthError(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  if (error.statusCode !== 400 && error.statusCode !== 413) return false;
  return CONTEXT_LENGTH.test(`${error.message}\n${error.responseBody ?? ''}`);
}
