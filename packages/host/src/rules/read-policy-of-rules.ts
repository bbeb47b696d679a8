import { homedir } from 'node:os';
import type { ReadPolicy } from '@toolgate/core';
import { compilePathGlob, type PermissionRule } from '@toolgate/rules';

/** The tools that read files: a deny rule with a path for any of them denies reading that path to every tool. */
const READING_TOOLS: readonly string[] = ['read_file', 'grep', 'glob'];

interface CompiledDeny {
  readonly rule: PermissionRule;
  readonly path: RegExp;
}

const toolPattern = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/**
 * The workspace's read policy from the permission rules (docs/architecture.md, "The boundary"):
 * every `deny` rule with a path specifier for a reading tool (`Read(deploy/keys/**)`,
 * `read_file(.env*)`, `grep(vendor/**)`) refuses reading that path to every tool, asked for each
 * file a tool opens, lists, walks or quotes, on its real path in the form rules match
 * (root-relative, absolute outside). A directory is refused when the rule covers everything in it
 * (`keys/**` and `keys/*` refuse `keys` itself), so walkers prune it. Undefined when no rule denies
 * a read path.
 */
export function readPolicyOfRules(
  rules: readonly PermissionRule[],
  options: { readonly homeDirectory?: string } = {},
): ReadPolicy | undefined {
  // Read only for a deny rule: os.homedir() loads node:os, which a session without one never needs.
  const home = () => options.homeDirectory ?? homedir();
  const denies: CompiledDeny[] = rules
    .filter(
      (rule) =>
        rule.list === 'deny' &&
        rule.specifier !== undefined &&
        rule.tools.some((tool) => READING_TOOLS.some((name) => toolPattern(tool).test(name))),
    )
    .map((rule) => ({ rule, path: compilePathGlob(rule.specifier!, home()) }));
  if (denies.length === 0) return undefined;
  // One expression for "some rule matches", so a path no rule covers (most) costs one test.
  const any = new RegExp(denies.map(({ path }) => `(?:${path.source})`).join('|'), 's');
  return ({ displayPath, directory }) => {
    const candidate = directory ? (displayPath === '.' ? '' : `${displayPath}/`) : displayPath;
    if (!any.test(displayPath) && !(directory && any.test(candidate))) return undefined;
    for (const { rule, path } of denies) {
      // `dir/` stands for "everything in dir": the rule covers the directory when it matches that.
      const hit =
        path.test(displayPath) ||
        (directory && displayPath !== '.' && path.test(`${displayPath}/`)) ||
        (directory && displayPath === '.' && path.test(''));
      if (hit)
        return {
          message: `Refused by a permission rule: the deny rule "${rule.text}" in ${rule.source} matches ${displayPath}, so no tool reads it. Do not retry this call; ask the user if it is needed.`,
          details: { path: displayPath, rule: { text: rule.text, source: rule.source } },
        };
    }
    return undefined;
  };
}
