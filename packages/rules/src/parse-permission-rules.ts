import { commandSpecifierProblem } from './bash/command-specifier-problem.js';
import type { PermissionList, PermissionRule } from './permission-rule.js';
import { TOOL_ALIASES } from './tool-aliases.js';

/** The `permissions` object of a config file. */
export interface PermissionLists {
  readonly allow?: readonly unknown[] | undefined;
  readonly ask?: readonly unknown[] | undefined;
  readonly deny?: readonly unknown[] | undefined;
}

/** A rule that could not be read: where it is and what was wrong. */
export interface PermissionRuleIssue {
  /** The key path, e.g. `permissions.deny[2]`. */
  readonly key: string;
  readonly message: string;
}

const RULE = /^([A-Za-z0-9_*.-]+)(?:\((.*)\))?$/s;
const LISTS: readonly PermissionList[] = ['deny', 'ask', 'allow'];

/**
 * Reads the allow / ask / deny lists of one config file. Every entry is `tool` or
 * `tool(specifier)`; Claude Code's names are aliases. Unreadable entries are issues naming the
 * key, never silently dropped.
 */
export function parsePermissionRules(
  lists: PermissionLists,
  source: string,
): { readonly rules: readonly PermissionRule[]; readonly issues: readonly PermissionRuleIssue[] } {
  const rules: PermissionRule[] = [];
  const issues: PermissionRuleIssue[] = [];
  for (const list of LISTS) {
    for (const [index, entry] of (lists[list] ?? []).entries()) {
      const key = `permissions.${list}[${index}]`;
      if (typeof entry !== 'string') {
        issues.push({
          key,
          message: `expected a string like "bash(npm test)", got ${JSON.stringify(entry)}`,
        });
        continue;
      }
      const match = RULE.exec(entry.trim());
      if (!match) {
        issues.push({
          key,
          message: `"${entry}" is not a rule: write a tool name, optionally with a specifier in parentheses, e.g. "bash(npm run test:*)" or "read_file(.env*)"`,
        });
        continue;
      }
      const [, tool, specifier] = match;
      const tools = (Object.hasOwn(TOOL_ALIASES, tool!) ? TOOL_ALIASES[tool!] : undefined) ?? [tool!];
      const problem =
        specifier !== undefined && tools.includes('bash') ? commandSpecifierProblem(specifier) : undefined;
      if (problem !== undefined) {
        issues.push({ key, message: `"${entry}" is not a rule: ${problem}` });
        continue;
      }
      rules.push(
        specifier === undefined
          ? { list, text: entry, source, tools }
          : { list, text: entry, source, tools, specifier },
      );
    }
  }
  return { rules, issues };
}
