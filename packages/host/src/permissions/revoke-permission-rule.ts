import { ConfigError } from '../config/config-error.js';
import { loadUserConfig } from '../config/load-session-config.js';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import { writeUserConfig } from '../config/write-user-config.js';
import {
  type ListedPermissionRule,
  listPermissionRules,
  type PermissionRulesInForce,
} from './list-permission-rules.js';

type Permissions = NonNullable<ToolgateConfig['permissions']>;

function without(permissions: Permissions | undefined, rule: ListedPermissionRule): Permissions {
  const list = (permissions?.[rule.list] ?? []).filter((entry) => entry !== rule.text);
  const rest = { ...permissions };
  delete rest[rule.list];
  return list.length > 0 ? { ...rest, [rule.list]: list } : rest;
}

/**
 * Removes rule `number` (as {@link listPermissionRules} numbers them) from the user's config file:
 * from its own rules or from this workspace's entry. A rule in the workspace's own file is not the
 * user file's to change: a {@link ConfigError} says to edit that file. Returns the rule removed.
 */
export async function revokePermissionRule(
  settings: PermissionRulesInForce,
  number: number,
): Promise<ListedPermissionRule> {
  const listed = listPermissionRules(settings);
  const rule = listed[number - 1];
  if (!Number.isInteger(number) || rule === undefined)
    throw new ConfigError(
      listed.length === 0
        ? `No rule ${number}: no permission rule is in force for ${settings.realRoot}.`
        : `No rule ${number}: the rules in force are numbered 1 to ${listed.length} (toolgate permissions lists them).`,
    );
  if (rule.scope === 'workspace')
    throw new ConfigError(
      `Rule ${number} (${rule.list} ${rule.text}) is in ${rule.source}, not in your config file: edit that file to remove it.`,
    );
  const user = await loadUserConfig(settings.userFile);
  if (rule.scope === 'everywhere') {
    await writeUserConfig(settings.userFile, { ...user, permissions: without(user.permissions, rule) });
    return rule;
  }
  const entry = user.projects?.[settings.realRoot] ?? {};
  await writeUserConfig(settings.userFile, {
    ...user,
    projects: {
      ...user.projects,
      [settings.realRoot]: { ...entry, permissions: without(entry.permissions, rule) },
    },
  });
  return rule;
}
