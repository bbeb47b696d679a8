import type { PermissionRule } from '@toolgate/rules';
import { userProjectSource } from '../config/load-session-config.js';

/** Where a rule in force comes from, as `toolgate permissions` names it. */
export type PermissionRuleScope = 'everywhere' | 'project' | 'workspace';

/** One rule in force for a workspace, numbered as `toolgate permissions --revoke N` takes it. */
export interface ListedPermissionRule {
  /** 1-based, in the order the rules are listed. */
  readonly number: number;
  readonly list: PermissionRule['list'];
  /** The entry as written (`bash(npm test)`). */
  readonly text: string;
  /** The file it is in (for a project rule, the user's file and the workspace's key). */
  readonly source: string;
  /**
   * `everywhere`: the user's own rules; `project`: the user's file, for this workspace only (where
   * "always for this project" writes); `workspace`: the workspace's own file or a `--config` file.
   */
  readonly scope: PermissionRuleScope;
}

/** What {@link listPermissionRules} reads: the settings' rules, user file and real root. */
export interface PermissionRulesInForce {
  readonly permissionRules: readonly PermissionRule[];
  readonly userFile: string;
  readonly realRoot: string;
}

/**
 * Every permission rule in force for the workspace (`SessionSettings`), numbered, with its file
 * and scope: the user's, then the user's for this workspace, then the workspace's own.
 */
export function listPermissionRules(settings: PermissionRulesInForce): readonly ListedPermissionRule[] {
  const projectSource = userProjectSource(settings.userFile, settings.realRoot);
  const scopeOf = (source: string): PermissionRuleScope =>
    source === settings.userFile ? 'everywhere' : source === projectSource ? 'project' : 'workspace';
  return settings.permissionRules.map((rule, index) => ({
    number: index + 1,
    list: rule.list,
    text: rule.text,
    source: rule.source,
    scope: scopeOf(rule.source),
  }));
}
