import { dirname } from 'node:path';
import { resolveModulePath } from '../tool-modules/resolve-module-path.js';
import { ConfigError } from './config-error.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';

/**
 * The config with every tool module it names (`tools.modules`, the values of `tools.replace`)
 * resolved to its file, as the config file's own directory sees it, so the settings of two files
 * can be layered without losing where each path was relative to. Throws {@link ConfigError}
 * naming the file, the key and the module when one cannot be found.
 */
export async function resolveConfigModules(config: ToolgateConfig, file: string): Promise<ToolgateConfig> {
  const tools = config.tools;
  if (!tools?.modules && !tools?.replace) return config;
  const base = dirname(file);
  const find = async (specifier: string, key: string): Promise<string> => {
    const path = await resolveModulePath(specifier, base);
    if (path === undefined)
      throw new ConfigError(
        `Invalid config file ${file}:\n  ${key}: cannot find tool module ${JSON.stringify(specifier)} (looked from ${base})`,
      );
    return path;
  };
  const modules = tools.modules
    ? await Promise.all(tools.modules.map((specifier, index) => find(specifier, `tools.modules[${index}]`)))
    : undefined;
  const replace = tools.replace
    ? Object.fromEntries(
        await Promise.all(
          Object.entries(tools.replace).map(
            async ([name, specifier]) => [name, await find(specifier, `tools.replace.${name}`)] as const,
          ),
        ),
      )
    : undefined;
  return {
    ...config,
    tools: { ...tools, ...(modules ? { modules } : {}), ...(replace ? { replace } : {}) },
  };
}
