import { dirname, isAbsolute, resolve } from 'node:path';
import type { PermissionRule } from '@toolgate/rules';
import { HOOK_EVENTS } from '../hooks/hook-events.js';
import type { HookSettings } from '../hooks/hook-settings.js';
import { ConfigError } from './config-error.js';
import { managedSource } from './load-managed-policy.js';
import type { ManagedPolicy } from './managed-policy.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';

/**
 * Throws {@link ConfigError} when `config` (read from `file`) names a tool module, in
 * `tools.modules` or `tools.replace`, that the managed allowlist does not: a module is admitted
 * by its specifier as written (a package name) or by the absolute path it names.
 */
export function checkManagedModules(managed: ManagedPolicy, config: ToolgateConfig, file: string): void {
  const allowed = managed.allowedModules;
  if (!allowed) return;
  const named = [
    ...(config.tools?.modules ?? []).map((specifier, index) => ({
      specifier,
      key: `tools.modules[${index}]`,
    })),
    ...Object.entries(config.tools?.replace ?? {}).map(([name, specifier]) => ({
      specifier,
      key: `tools.replace.${name}`,
    })),
  ];
  for (const { specifier, key } of named) {
    const isPath = specifier.startsWith('.') || isAbsolute(specifier);
    const path = isPath ? resolve(dirname(file), specifier) : undefined;
    if (allowed.modules.includes(specifier) || (path !== undefined && allowed.modules.includes(path)))
      continue;
    throw new ConfigError(
      `Config key ${key} of ${file}: the tool module ${JSON.stringify(specifier)} is not in the allowlist of ${managedSource(allowed.file)} (tools.allowedModules: ${JSON.stringify(allowed.modules)}).`,
    );
  }
}

/**
 * The managed rules, then the session's own; under `allowManagedRulesOnly` the user's and the
 * workspace's allow rules are left out (deny beats ask beats allow whatever the file, so a
 * managed deny or ask always wins).
 */
export function withManagedRules(
  managed: ManagedPolicy,
  rules: readonly PermissionRule[],
): { readonly rules: readonly PermissionRule[]; readonly notices: readonly string[] } {
  if (managed.managedRulesOnly === undefined) return { rules: [...managed.rules, ...rules], notices: [] };
  const dropped = rules.filter((rule) => rule.list === 'allow');
  return {
    rules: [...managed.rules, ...rules.filter((rule) => rule.list !== 'allow')],
    notices:
      dropped.length === 0
        ? []
        : [
            `toolgate: ignored the allow rules ${dropped.map((rule) => `${JSON.stringify(rule.text)} of ${rule.source}`).join(', ')}: ${managedSource(managed.managedRulesOnly)} allows only its own rules (allowManagedRulesOnly).`,
          ],
  };
}

/** The managed hooks first, then the session's, event by event. */
export function withManagedHooks(managed: ManagedPolicy, hooks: HookSettings): HookSettings {
  return Object.fromEntries(
    HOOK_EVENTS.map(
      (event) => [event, [...(managed.hooks[event] ?? []), ...(hooks[event] ?? [])]] as const,
    ).filter(([, list]) => list.length > 0),
  ) as HookSettings;
}

/** A line for each config whose hooks `allowManagedHooksOnly` keeps from running. */
export function managedHookNotices(
  managed: ManagedPolicy,
  user: ToolgateConfig,
  project: ToolgateConfig,
): readonly string[] {
  if (managed.managedHooksOnly === undefined) return [];
  const count = (config: ToolgateConfig) =>
    HOOK_EVENTS.reduce((sum, event) => sum + (config.hooks?.[event]?.length ?? 0), 0);
  const dropped = count(user) + count(project);
  return dropped === 0
    ? []
    : [
        `toolgate: not running ${dropped} hook${dropped === 1 ? '' : 's'} of the user's or the workspace's config: ${managedSource(managed.managedHooksOnly)} allows only managed hooks (allowManagedHooksOnly).`,
      ];
}

/** The config's limits held to the managed ceilings: a ceiling applies where the config sets none or a higher value. */
export function withManagedLimits(managed: ManagedPolicy, config: ToolgateConfig): ToolgateConfig {
  const ceilings = Object.entries(managed.limits);
  if (ceilings.length === 0) return config;
  const limits: Record<string, number | undefined> = { ...config.limits };
  for (const [key, ceiling] of ceilings)
    if (ceiling && (limits[key] ?? Infinity) > ceiling.value) limits[key] = ceiling.value;
  return { ...config, limits };
}
