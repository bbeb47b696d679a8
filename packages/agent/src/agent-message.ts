import type { LanguageModelV4Message } from '@ai-sdk/provider';

/**
 * A message of a session's history, in the provider interface's prompt format: what every step
 * sends to the model after the system prompt, valid for any provider.
 */
export type AgentMessage = LanguageModelV4Message;
