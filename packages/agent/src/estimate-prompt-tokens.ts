import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { AgentMessage } from './agent-message.js';

/** Characters per token, on the low side for code and JSON (so the estimate errs high). */
const CHARACTERS_PER_TOKEN = 3.5;

/**
 * About how many tokens a request's prompt takes: its system prompt, messages and tool
 * definitions as JSON, at {@link CHARACTERS_PER_TOKEN} characters a token. Providers tokenize
 * differently; this is what keeps a request the agent knows to be too long from being sent.
 */
export function estimatePromptTokens(
  instructions: string,
  messages: readonly AgentMessage[],
  tools: readonly LanguageModelV4FunctionTool[],
): number {
  const characters = instructions.length + JSON.stringify(messages).length + JSON.stringify(tools).length;
  return Math.ceil(characters / CHARACTERS_PER_TOKEN);
}
