import type { LanguageModel } from 'ai';

/** A model of the AI SDK's provider interface (`@ai-sdk/openai`, `@ai-sdk/anthropic`, `@ai-sdk/openai-compatible`, …). */
export type AgentModel = Exclude<LanguageModel, string>;
