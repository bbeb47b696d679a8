import type { ApprovalRules, Approver } from '@toolgate/core';
import { type PermissionRule, parsePermissionRules } from '@toolgate/rules';
import { userProjectSource } from '../config/load-session-config.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { lastingRulesFor } from './lasting-rules-for.js';
import { type ListedPermissionRule, listPermissionRules } from './list-permission-rules.js';
import { revokePermissionRule } from './revoke-permission-rule.js';
import { writeAllowRules } from './write-allow-rules.js';

/** The permission rules a session has in force, which an "always" adds to and a revoke removes from. */
export interface SessionPermissions {
  /** Every rule in force now, numbered, with its file and scope (see `listPermissionRules`). */
  list(): readonly ListedPermissionRule[];
  /** Removes rule `number` from the user's config file and from this session (see `revokePermissionRule`). */
  revoke(number: number): Promise<ListedPermissionRule>;
}

/** The approver, rules and permissions of a session whose "always" may last beyond it. */
export interface LastingAlways {
  readonly approver: Approver | undefined;
  readonly rules: ApprovalRules | undefined;
  readonly permissions: SessionPermissions;
}

/**
 * Wraps a host's approver so that each question carries the `lastingRules` an "always" beyond
 * this session would write (see `lastingRulesFor`), and an answer `{ kind: 'allow_always', scope }`
 * writes them into the user's config file (`writeAllowRules`) and applies them to the rest of this
 * session at once, named by that file like every rule. `notice` hears a rule that could not be
 * written (the call runs; the answer lasts the session). The rules stay the settings' own until
 * one is added or revoked.
 */
export function createLastingAlways(
  settings: SessionSettings,
  approver: Approver | undefined,
  notice: (line: string) => void,
): LastingAlways {
  let live: readonly PermissionRule[] = settings.permissionRules;
  let current = settings.rules;
  const inForce = () => ({ permissionRules: live, userFile: settings.userFile, realRoot: settings.realRoot });
  const replace = (next: readonly PermissionRule[]) => {
    live = next;
    current = next.length === 0 ? undefined : settings.rulesOf(next);
  };
  const permissions: SessionPermissions = {
    list: () => listPermissionRules(inForce()),
    async revoke(number) {
      const removed = await revokePermissionRule(inForce(), number);
      replace(
        live.filter(
          (rule) =>
            !(rule.list === removed.list && rule.text === removed.text && rule.source === removed.source),
        ),
      );
      return removed;
    },
  };
  const rules: ApprovalRules = async (request, signal) => current?.(request, signal);
  if (!approver) return { approver: undefined, rules, permissions };
  return {
    rules,
    permissions,
    approver: async (request, signal) => {
      const lastingRules = await lastingRulesFor(request, settings.rulesOf, signal).catch(() => undefined);
      const answer = await approver(lastingRules ? { ...request, lastingRules } : request, signal);
      if (typeof answer !== 'object' || !('scope' in answer) || !lastingRules) return answer;
      try {
        await writeAllowRules(settings.userFile, answer.scope, settings.realRoot, lastingRules);
      } catch (error) {
        notice(
          `toolgate: could not write ${lastingRules.join(', ')} to ${settings.userFile} (${error instanceof Error ? error.message : String(error)}); it holds for this session only.`,
        );
        return answer;
      }
      const source =
        answer.scope === 'project'
          ? userProjectSource(settings.userFile, settings.realRoot)
          : settings.userFile;
      const fresh = parsePermissionRules({ allow: [...lastingRules] }, source).rules.filter(
        (rule) =>
          !live.some(
            (other) => other.list === 'allow' && other.text === rule.text && other.source === source,
          ),
      );
      replace([...live, ...fresh]);
      return answer;
    },
  };
}
