import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AgentModel } from '@toolgate/agent';
import { ModelConfigError } from './model-config-error.js';
import { type ModelProviderName, type ModelSpec, parseModelSpec } from './parse-model-spec.js';

/** Where {@link selectModel} looks. Flags win over the environment. */
export interface SelectModelOptions {
  /** `provider:model` from the host's flag. @default the environment's `TOOLGATE_MODEL` */
  readonly model?: string | undefined;
  /** Base URL from the host's flag. @default `TOOLGATE_BASE_URL` */
  readonly baseURL?: string | undefined;
  /** `TOOLGATE_MODEL`, `TOOLGATE_BASE_URL`, `TOOLGATE_API_KEY`, `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The config files' `model` and `baseURL` (user file, project file on top): below the flag and the environment. @default none */
  readonly config?: { readonly model?: string | undefined; readonly baseURL?: string | undefined };
  /** How errors name the host's flags. @default `{ model: '--model', baseURL: '--base-url' }` */
  readonly flags?: { readonly model: string; readonly baseURL: string };
  /** Where a relative `replay:FILE` path is found. @default the process's current directory */
  readonly cwd?: string;
}

/** The chosen model and what it was chosen from. */
export interface SelectedModel {
  readonly model: AgentModel;
  readonly spec: ModelSpec;
  /** The base URL in use, when one was given. */
  readonly baseURL: string | undefined;
}

const KEY_VARIABLES: Record<ModelProviderName, string | undefined> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  'openai-compatible': undefined,
  replay: undefined,
};

/** A `replay:FILE` model: the script read and checked now, so a bad line is a configuration error. */
async function loadReplayModel(path: string, cwd: string): Promise<AgentModel> {
  const { createReplayModel, parseReplayScript, ReplayScriptError } = await import('@toolgate/agent');
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    throw new ModelConfigError(
      `replay:${path}: cannot read the script (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give the path of a JSON Lines file, relative to the current directory.`,
    );
  }
  try {
    return createReplayModel(parseReplayScript(text, path), path);
  } catch (error) {
    if (error instanceof ReplayScriptError) throw new ModelConfigError(error.message);
    throw error;
  }
}

function present(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}

function checkURL(url: string, source: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ModelConfigError(`${source}: expected an http(s) URL, got ${JSON.stringify(url)}.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ModelConfigError(`${source}: expected an http(s) URL, got ${JSON.stringify(url)}.`);
  return url.replace(/\/+$/, '');
}

/**
 * Picks the model from a `provider:model` string (flag, else `TOOLGATE_MODEL`, else the config's
 * `model`) and builds it with
 * its provider package, loaded only when chosen. Keys come from the provider's own variable, else
 * `TOOLGATE_API_KEY`. Throws {@link ModelConfigError} naming exactly what to set.
 */
export async function selectModel(options: SelectModelOptions): Promise<SelectedModel> {
  const flags = options.flags ?? { model: '--model', baseURL: '--base-url' };
  const env = options.env;
  const fromFlag = present(options.model);
  const fromEnv = present(env.TOOLGATE_MODEL);
  const text = fromFlag ?? fromEnv ?? present(options.config?.model);
  if (text === undefined)
    throw new ModelConfigError(
      `No model configured: pass ${flags.model} provider:model, set TOOLGATE_MODEL or the config key "model" (providers: openai, anthropic, openai-compatible, replay:FILE to play a script; for Ollama: ${flags.model} openai-compatible:qwen3 ${flags.baseURL} http://localhost:11434/v1).`,
    );
  const spec = parseModelSpec(
    text,
    fromFlag ? flags.model : fromEnv ? 'TOOLGATE_MODEL' : 'the config key model',
  );
  const urlFlag = present(options.baseURL);
  const urlEnv = present(env.TOOLGATE_BASE_URL);
  const urlText = urlFlag ?? urlEnv ?? present(options.config?.baseURL);
  const baseURL =
    urlText === undefined
      ? undefined
      : checkURL(urlText, urlFlag ? flags.baseURL : urlEnv ? 'TOOLGATE_BASE_URL' : 'the config key baseURL');
  const keyVariable = KEY_VARIABLES[spec.provider];
  const apiKey = (keyVariable ? present(env[keyVariable]) : undefined) ?? present(env.TOOLGATE_API_KEY);
  const selected = (model: AgentModel): SelectedModel => ({ model, spec, baseURL });
  switch (spec.provider) {
    case 'replay':
      return selected(await loadReplayModel(spec.modelId, options.cwd ?? process.cwd()));
    case 'openai-compatible': {
      if (baseURL === undefined)
        throw new ModelConfigError(
          `${text} needs a base URL: pass ${flags.baseURL} URL or set TOOLGATE_BASE_URL (Ollama: http://localhost:11434/v1).`,
        );
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL,
        includeUsage: true,
        ...(apiKey ? { apiKey } : {}),
      });
      return selected(provider.chatModel(spec.modelId));
    }
    case 'openai': {
      if (!apiKey)
        throw new ModelConfigError(`${text} needs an API key: set OPENAI_API_KEY (or TOOLGATE_API_KEY).`);
      const { createOpenAI } = await import('@ai-sdk/openai');
      return selected(createOpenAI({ apiKey, ...(baseURL ? { baseURL } : {}) }).chat(spec.modelId));
    }
    case 'anthropic': {
      if (!apiKey)
        throw new ModelConfigError(`${text} needs an API key: set ANTHROPIC_API_KEY (or TOOLGATE_API_KEY).`);
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return selected(createAnthropic({ apiKey, ...(baseURL ? { baseURL } : {}) }).messages(spec.modelId));
    }
  }
}
