import type { LanguageModelV4Usage } from '@ai-sdk/provider';

/** Token counts of a step or a whole turn; a count the provider did not report is 0. */
export interface TurnUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
}

/** No tokens yet. */
export const ZERO_USAGE: TurnUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };

/** The provider's usage (counts may be undefined) as {@link TurnUsage}. */
export function toTurnUsage(usage: LanguageModelV4Usage): TurnUsage {
  const inputTokens = usage.inputTokens.total ?? 0;
  const outputTokens = usage.outputTokens.total ?? 0;
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

/** The sum of two usages. */
export function addUsage(left: TurnUsage, right: TurnUsage): TurnUsage {
  return {
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
    totalTokens: left.totalTokens + right.totalTokens,
  };
}
