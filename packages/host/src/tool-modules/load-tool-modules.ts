import { pathToFileURL } from 'node:url';
import {
  type AnyTool,
  BUILT_IN_TOOL_NAMES,
  isBuiltInToolName,
  isValidToolName,
  TOOL_NAME_PATTERN,
  type ToolDecorator,
} from '@toolgate/core';
import { ConfigError } from '../config/config-error.js';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import type { ToolModuleContext } from './tool-module.js';

/** The tools and decorators of a session's tool modules. */
export interface LoadedToolModules {
  /** Every module's tools, `tools.disable` left out; a replacement in its built-in's place. */
  readonly tools: readonly AnyTool[];
  /** The built-in tools left out: disabled or replaced. */
  readonly removedBuiltIns: ReadonlySet<string>;
  /** The modules' decorators, in the order the modules are named. */
  readonly decorators: readonly ToolDecorator[];
}

function isFunction(value: unknown): value is (...args: never[]) => unknown {
  return typeof value === 'function';
}

/** A tool as core runs it: a definition with a name, description and schema, and the two calls. */
function isTool(value: unknown): value is AnyTool {
  if (typeof value !== 'object' || value === null) return false;
  const { definition, parseArguments, execute } = value as Record<string, unknown>;
  if (typeof definition !== 'object' || definition === null) return false;
  const { name, description, inputSchema } = definition as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    typeof description === 'string' &&
    typeof inputSchema === 'object' &&
    inputSchema !== null &&
    isFunction(parseArguments) &&
    isFunction(execute)
  );
}

/** Imports one module and calls its factory; every problem is a {@link ConfigError} naming the module. */
async function runModule(
  path: string,
  context: ToolModuleContext,
): Promise<{ tools: AnyTool[]; decorators: ToolDecorator[] }> {
  const fail = (problem: string) => new ConfigError(`Tool module ${path}: ${problem}`);
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw fail(`failed to load: ${error instanceof Error ? error.message : String(error)}`);
  }
  const factory = loaded.default;
  if (!isFunction(factory))
    throw fail(
      'its default export is not a function (a factory that receives the session context and returns { tools, decorators? })',
    );
  let result: unknown;
  try {
    result = await (factory as (context: ToolModuleContext) => unknown)(context);
  } catch (error) {
    throw fail(`its factory failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { tools, decorators } = (result ?? {}) as Record<string, unknown>;
  if (!Array.isArray(tools)) throw fail('its factory did not return { tools: [...] }');
  tools.forEach((tool, index) => {
    if (!isTool(tool))
      throw fail(
        `tools[${index}] is not a tool (expected { definition: { name, description, inputSchema }, parseArguments, execute })`,
      );
  });
  if (decorators !== undefined && !(Array.isArray(decorators) && decorators.every(isFunction)))
    throw fail('decorators is not an array of functions');
  return { tools: tools as AnyTool[], decorators: (decorators ?? []) as ToolDecorator[] };
}

/**
 * Loads the config's tool modules (`tools.modules` and the modules of `tools.replace`, already
 * resolved to files) and calls each factory with the session context. A module tool with a
 * built-in's name is an error unless `tools.replace` names that module for it; two modules may not
 * share a name; `tools.disable` may name only tools that exist. Errors are {@link ConfigError}s
 * naming the module or the key.
 */
export async function loadToolModules(
  config: ToolgateConfig,
  context: ToolModuleContext,
): Promise<LoadedToolModules> {
  const replace = config.tools?.replace ?? {};
  const disable = new Set(config.tools?.disable ?? []);
  for (const name of Object.keys(replace))
    if (!isBuiltInToolName(name))
      throw new ConfigError(
        `Config key tools.replace.${name}: ${JSON.stringify(name)} is not a built-in tool; expected one of ${BUILT_IN_TOOL_NAMES.join(', ')}`,
      );
  const paths = [...new Set([...(config.tools?.modules ?? []), ...Object.values(replace)])];
  const loaded = await Promise.all(paths.map((path) => runModule(path, context)));
  const owner = new Map<string, string>();
  const tools: AnyTool[] = [];
  loaded.forEach((module, index) => {
    const path = paths[index]!;
    for (const tool of module.tools) {
      const { name } = tool.definition;
      if (!isValidToolName(name))
        throw new ConfigError(
          `Tool module ${path}: tool name ${JSON.stringify(name)} does not match ${TOOL_NAME_PATTERN}`,
        );
      const replacing = isBuiltInToolName(name);
      if (replacing && replace[name] !== path)
        throw new ConfigError(
          `Tool module ${path}: its tool ${JSON.stringify(name)} has the name of a built-in tool; to use it instead of the built-in, set tools.replace: {${JSON.stringify(name)}: ${JSON.stringify(path)}}`,
        );
      const earlier = owner.get(name);
      if (earlier !== undefined)
        throw new ConfigError(
          `Tool module ${path}: its tool ${JSON.stringify(name)} is also defined by ${earlier === path ? 'the same module' : `tool module ${earlier}`}`,
        );
      owner.set(name, path);
      if (disable.has(name)) continue;
      // A replacement takes the built-in's place; any other module tool says where it came from.
      const source = replacing ? { type: 'built-in' as const } : { type: 'custom' as const, provider: path };
      // kind and annotations may be left out, as by defineJsonSchemaTool's callers.
      tools.push({
        ...tool,
        definition: {
          ...tool.definition,
          kind: tool.definition.kind ?? 'other',
          annotations: tool.definition.annotations ?? {},
          source,
        },
      });
    }
  });
  for (const [name, path] of Object.entries(replace))
    if (owner.get(name) !== path)
      throw new ConfigError(
        `Config key tools.replace.${name}: tool module ${path} defines no tool named ${JSON.stringify(name)}`,
      );
  for (const name of disable)
    if (!isBuiltInToolName(name) && !owner.has(name))
      throw new ConfigError(
        `Config key tools.disable: no tool named ${JSON.stringify(name)}; expected a built-in tool (${BUILT_IN_TOOL_NAMES.join(', ')}) or a module's`,
      );
  return {
    tools,
    removedBuiltIns: new Set([...Object.keys(replace), ...[...disable].filter(isBuiltInToolName)]),
    decorators: loaded.flatMap((module) => module.decorators),
  };
}
