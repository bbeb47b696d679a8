import { loadUserConfig } from '../config/load-session-config.js';
import { writeUserConfig } from '../config/write-user-config.js';

/** Where a lasting "always" is kept: this workspace's entry of the user's file, or the user's own rules. */
export type LastingScope = 'project' | 'user';

function withAllowed(allow: readonly string[] | undefined, rules: readonly string[]): string[] {
  return [...new Set([...(allow ?? []), ...rules])];
}

/**
 * Adds allow rules to the user's config file (never the workspace's, which the model may edit):
 * `projects[<realRoot>].permissions.allow` for `project`, `permissions.allow` for `user`. The
 * file is read, validated and written again atomically; a rule already there is not repeated.
 */
export async function writeAllowRules(
  userFile: string,
  scope: LastingScope,
  realRoot: string,
  rules: readonly string[],
): Promise<void> {
  const user = await loadUserConfig(userFile);
  if (scope === 'user') {
    const permissions = { ...user.permissions, allow: withAllowed(user.permissions?.allow, rules) };
    await writeUserConfig(userFile, { ...user, permissions });
    return;
  }
  const entry = user.projects?.[realRoot] ?? {};
  const permissions = { ...entry.permissions, allow: withAllowed(entry.permissions?.allow, rules) };
  await writeUserConfig(userFile, {
    ...user,
    projects: { ...user.projects, [realRoot]: { ...entry, permissions } },
  });
}
