import { type PermissionLists, type PermissionRule, parsePermissionRules } from '@toolgate/rules';

/** One config file's `permissions` and the file's path (named by every rule it holds). */
export interface PermissionLayer {
  readonly permissions: PermissionLists | undefined;
  readonly file: string;
}

/** The rules of a session, and the workspace entries left out because they would loosen the rules. */
export interface LayeredPermissionRules {
  /** Every rule, each naming the file it came from. */
  readonly rules: readonly PermissionRule[];
  /** Left out, as `key value` for the notice (`permissions.allow ["bash"]`). */
  readonly ignored: readonly string[];
}

/**
 * The user's rules, those the user's file keeps for this workspace (`userProject`) and the
 * workspace's together (deny beats ask beats allow whatever the file). Until the workspace is
 * trusted its `allow` entries are left out: a cloned repository may add `deny` and `ask` rules,
 * never allow itself anything.
 */
export function layerPermissionRules(
  user: PermissionLayer,
  project: PermissionLayer,
  projectTrusted: boolean,
  userProject?: PermissionLayer,
): LayeredPermissionRules {
  const projectLists = project.permissions ?? {};
  const dropped = !projectTrusted && (projectLists.allow?.length ?? 0) > 0;
  const { allow: _allow, ...tightening } = projectLists;
  const rules = [
    ...parsePermissionRules(user.permissions ?? {}, user.file).rules,
    ...(userProject ? parsePermissionRules(userProject.permissions ?? {}, userProject.file).rules : []),
    ...parsePermissionRules(dropped ? tightening : projectLists, project.file).rules,
  ];
  return { rules, ignored: dropped ? [`permissions.allow ${JSON.stringify(projectLists.allow)}`] : [] };
}
