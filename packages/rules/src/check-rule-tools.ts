import type { PermissionRuleIssue } from './parse-permission-rules.js';
import type { PermissionRule } from './permission-rule.js';
import { TOOL_ALIASES } from './tool-aliases.js';

/** Levenshtein distance: how many letters to add, drop or change. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}

/** The known name closest to `name` (aliases included), ignoring case first, for "did you mean". */
export function closestToolName(name: string, knownTools: readonly string[]): string | undefined {
  let best: string | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const candidate of [...knownTools, ...Object.keys(TOOL_ALIASES)]) {
    // Case counts only between names equally close without it.
    const each =
      editDistance(name.toLowerCase(), candidate.toLowerCase()) * 1000 + editDistance(name, candidate);
    if (each < distance) {
      best = candidate;
      distance = each;
    }
  }
  return best;
}

const toolPattern = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/**
 * The rules that name no tool of the session: a rule whose tool pattern matches none of
 * `knownTools` (the session's tool names; Claude Code's aliases are always known) and is not an
 * `mcp__…` pattern (MCP servers' tools may join later). Each issue names the closest known tool.
 */
export function checkRuleTools(
  rules: readonly PermissionRule[],
  knownTools: readonly string[],
): readonly PermissionRuleIssue[] {
  const issues: PermissionRuleIssue[] = [];
  for (const rule of rules) {
    const name = /^[^(]*/.exec(rule.text.trim())?.[0] ?? rule.text;
    if (Object.hasOwn(TOOL_ALIASES, name) || name.startsWith('mcp__')) continue;
    if (rule.tools.some((tool) => knownTools.some((known) => toolPattern(tool).test(known)))) continue;
    const closest = closestToolName(name, knownTools);
    issues.push({
      key: `permissions.${rule.list}`,
      message: `${JSON.stringify(rule.text)} in ${rule.source} names no tool of this session${closest === undefined ? '' : `: did you mean ${JSON.stringify(closest)}?`} (tools are named like ${JSON.stringify(knownTools[0] ?? 'bash')}, Claude Code's names like "Bash" and "Read", or mcp__server__tool)`,
    });
  }
  return issues;
}
