import { ModelConfigError } from './model-config-error.js';

/** The providers a `provider:model` string may name. */
export const MODEL_PROVIDERS = ['openai', 'anthropic', 'openai-compatible', 'replay'] as const;

/** One of {@link MODEL_PROVIDERS}. */
export type ModelProviderName = (typeof MODEL_PROVIDERS)[number];

/** A parsed `provider:model` string (for `replay`, the model is a script file's path). */
export interface ModelSpec {
  readonly provider: ModelProviderName;
  /** Everything after the first colon (model ids may contain colons: `qwen3:8b`). */
  readonly modelId: string;
}

/** Parses `provider:model`; `source` names where it came from (`--model`, `TOOLGATE_MODEL`) in errors. */
export function parseModelSpec(text: string, source: string): ModelSpec {
  const colon = text.indexOf(':');
  const provider = colon < 0 ? '' : text.slice(0, colon).trim();
  const modelId = colon < 0 ? '' : text.slice(colon + 1).trim();
  if (!provider || !modelId)
    throw new ModelConfigError(
      `${source}: expected provider:model (${MODEL_PROVIDERS.map((name) => `${name}:…`).join(', ')}), got ${JSON.stringify(text)}.`,
    );
  if (!(MODEL_PROVIDERS as readonly string[]).includes(provider))
    throw new ModelConfigError(
      `${source}: unknown provider ${JSON.stringify(provider)}; expected one of ${MODEL_PROVIDERS.join(', ')}.`,
    );
  return { provider: provider as ModelProviderName, modelId };
}
