import { BUILT_IN_DELEGATES, type DelegateDefinition } from '@toolgate/agent/definitions';
import { ToolgateError } from '@toolgate/core';
import { TOOL_ALIASES } from '@toolgate/rules';
import { selectModel } from '../model/select-model.js';
import { AgentDefinitionError } from './agent-definition-error.js';
import type { AgentDefinitionConfig } from './agent-definition-schema.js';
import type { AgentFileDefinition } from './load-agent-files.js';

/** Options of {@link resolveAgentDefinitions}. */
export interface ResolveAgentDefinitionsOptions {
  /** The config key `agents`. @default none */
  readonly agents?: readonly AgentDefinitionConfig[] | undefined;
  /** Definitions read from agent files ({@link loadAgentFiles}). @default none */
  readonly files?: readonly AgentFileDefinition[];
  /** For each definition's `model` (`provider:model`): keys and base URL, as `selectModel` reads them. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The host's base URL flag, for an `openai-compatible:` model. @default `TOOLGATE_BASE_URL`, then the config's */
  readonly baseURL?: string | undefined;
  /** The config's `baseURL`. @default none */
  readonly config?: { readonly baseURL?: string | undefined };
  /** Leave every `model` unresolved (the parent's is used): for listing tools. @default false */
  readonly skipModels?: boolean;
}

interface Sourced {
  readonly definition: AgentDefinitionConfig;
  /** Names where it was written, for errors: `config key agents[2]`, `agent file /…/reviewer.md`. */
  readonly source: string;
}

async function toDelegate(
  { definition, source }: Sourced,
  options: ResolveAgentDefinitionsOptions,
): Promise<DelegateDefinition> {
  const { model: modelName, tools, readOnly, maxSteps, name, description, instructions } = definition;
  let model: DelegateDefinition['model'];
  if (modelName !== undefined && modelName !== 'inherit' && !options.skipModels) {
    try {
      model = (
        await selectModel({
          model: modelName,
          baseURL: options.baseURL,
          env: options.env,
          ...(options.config ? { config: { baseURL: options.config.baseURL } } : {}),
        })
      ).model;
    } catch (error) {
      if (!ToolgateError.isInstance(error)) throw error;
      throw new AgentDefinitionError(`${source}: key model: ${error.message}`);
    }
  }
  return {
    name,
    description,
    instructions,
    ...(tools
      ? {
          tools: tools.flatMap(
            (tool) => (Object.hasOwn(TOOL_ALIASES, tool) ? TOOL_ALIASES[tool] : undefined) ?? [tool],
          ),
        }
      : {}),
    ...(readOnly === undefined ? {} : { readOnly }),
    ...(maxSteps === undefined ? {} : { maxSteps }),
    ...(model ? { model } : {}),
  };
}

/**
 * The agent definitions of a session: the built-ins (`explore`, `plan`, `general`), then the
 * config's `agents`, then the agent files, a later one replacing an earlier one of the same name.
 * Each `model` is selected like the host's own (`provider:model`; `inherit` or none = the
 * parent's). Claude Code's tool names in `tools` stand for their toolgate tools, as in permission
 * rules (`Read` → read_file, grep, glob; `Bash` → bash). Throws {@link AgentDefinitionError} for a name given twice in one place or a model
 * that cannot be used, naming the file or key.
 */
export async function resolveAgentDefinitions(
  options: ResolveAgentDefinitionsOptions,
): Promise<DelegateDefinition[]> {
  const byName = new Map<string, Sourced | DelegateDefinition>();
  for (const builtIn of BUILT_IN_DELEGATES) byName.set(builtIn.name, builtIn);
  const claim = (sourced: Sourced, seen: Map<string, string>) => {
    const earlier = seen.get(sourced.definition.name);
    if (earlier !== undefined)
      throw new AgentDefinitionError(
        `${sourced.source}: key name: ${JSON.stringify(sourced.definition.name)} is also the name of ${earlier}.`,
      );
    seen.set(sourced.definition.name, sourced.source);
    byName.set(sourced.definition.name, sourced);
  };
  const fromConfig = new Map<string, string>();
  (options.agents ?? []).forEach((definition, index) => {
    claim({ definition, source: `config key agents[${index}]` }, fromConfig);
  });
  const fromFiles = new Map<string, string>();
  for (const { file, definition } of options.files ?? [])
    claim({ definition, source: `agent file ${file}` }, fromFiles);
  return Promise.all(
    [...byName.values()].map((entry) => ('source' in entry ? toDelegate(entry, options) : entry)),
  );
}
