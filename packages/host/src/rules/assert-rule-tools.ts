import { checkRuleTools, type PermissionRule } from '@toolgate/rules';
import { ConfigError } from '../config/config-error.js';

/**
 * Refuses permission rules that name no tool of the session (`Bsh(rm:*)`, `reed_file`): such a
 * rule matches nothing, so a misspelt deny rule would silently deny nothing. `knownTools` is every
 * tool the session has — built-ins, tool modules' tools, `delegate_<name>` — and Claude Code's
 * names and `mcp__…` patterns are always accepted. Throws a {@link ConfigError} naming each rule,
 * its file and the closest known tool.
 */
export function assertRuleTools(rules: readonly PermissionRule[], knownTools: readonly string[]): void {
  const issues = checkRuleTools(rules, knownTools);
  if (issues.length === 0) return;
  throw new ConfigError(
    `${issues.map((issue) => `${issue.key}: ${issue.message}`).join('; ')}. A rule that names no tool matches nothing.`,
  );
}
