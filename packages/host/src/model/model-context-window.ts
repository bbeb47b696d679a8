import type { ModelSpec } from './parse-model-spec.js';

/** Context windows of the built-in providers' models, by model id prefix (the longest prefix wins). */
const KNOWN_WINDOWS: readonly (readonly [ModelSpec['provider'], string, number])[] = [
  ['anthropic', 'claude-', 200_000],
  ['openai', 'gpt-4o', 128_000],
  ['openai', 'gpt-4-turbo', 128_000],
  ['openai', 'gpt-4.1', 1_047_576],
  ['openai', 'gpt-5', 400_000],
  ['openai', 'o1', 200_000],
  ['openai', 'o3', 200_000],
  ['openai', 'o4-mini', 200_000],
];

/**
 * The model's context window in tokens, for compaction: the config's `limits.contextWindow` when
 * set, else the known window of a built-in provider's model, else unknown (then only the
 * provider's context-length error triggers a compaction).
 */
export function modelContextWindow(spec: ModelSpec, configured: number | undefined): number | undefined {
  if (configured !== undefined) return configured;
  let best: readonly [string, number] | undefined;
  for (const [provider, prefix, window] of KNOWN_WINDOWS)
    if (
      provider === spec.provider &&
      spec.modelId.startsWith(prefix) &&
      prefix.length > (best?.[0].length ?? 0)
    )
      best = [prefix, window];
  return best?.[1];
}
