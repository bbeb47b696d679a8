import type { LanguageModelV4 } from '@ai-sdk/provider';

/**
 * A model of the AI SDK's provider interface, version 4 (`@ai-sdk/openai`, `@ai-sdk/anthropic`,
 * `@ai-sdk/openai-compatible`, …): the agent streams each step through its `doStream`.
 */
export type AgentModel = LanguageModelV4;
