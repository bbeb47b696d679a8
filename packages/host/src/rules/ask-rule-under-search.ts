import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { PermissionRule } from '@toolgate/rules';

/** Tools that read every file under the path they are given, not only that path. */
const WALKING_TOOLS: ReadonlySet<string> = new Set(['grep', 'glob']);

const toolPattern = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/** The directory a path rule's literal start names (`docs/**` → `docs`), `''` when it matches at any depth. */
function literalDirectory(specifier: string, home: string): string {
  let text = specifier.trim().replace(/^\.\//, '');
  if (text.startsWith('~/')) text = `${home.replace(/\/$/, '')}/${text.slice(2)}`;
  text = text.replace(/\/+$/, '');
  if (!text.includes('/')) return '';
  const wildcard = text.search(/[*?[{]/);
  const literal = wildcard < 0 ? text : text.slice(0, wildcard);
  return literal.slice(0, Math.max(0, literal.lastIndexOf('/'))) || (literal.startsWith('/') ? '/' : '');
}

/** Whether two real absolute directories are one inside the other (or the same). */
function nested(left: string, right: string): boolean {
  return left === right || left.startsWith(`${right}/`) || right.startsWith(`${left}/`);
}

/**
 * An `ask` rule for a walking tool (grep, glob) that may match a file under one of the searched
 * paths, or undefined. Rules see the paths a call names; a search reads every file below its
 * path, so an `ask` rule about any of them asks about the whole call (a rule without `/` matches
 * at any depth, so it asks about every search). Deny rules need no such step: the workspace's
 * read policy refuses their files during the walk.
 */
export function askRuleUnderSearch(
  rules: readonly PermissionRule[],
  tool: string,
  searched: readonly string[],
  root: string,
  home: string = homedir(),
): { readonly rule: PermissionRule; readonly path: string } | undefined {
  if (!WALKING_TOOLS.has(tool)) return undefined;
  for (const rule of rules) {
    if (rule.list !== 'ask' || rule.specifier === undefined) continue;
    if (!rule.tools.some((pattern) => toolPattern(pattern).test(tool))) continue;
    const directory = literalDirectory(rule.specifier, home);
    // A rule that matches at any depth may match under every search.
    if (directory === '') return { rule, path: searched[0] ?? '.' };
    const ruleDirectory = isAbsolute(directory) ? directory : join(root, directory);
    for (const path of searched) {
      const searchedDirectory = isAbsolute(path) ? path : path === '.' ? root : join(root, path);
      if (nested(ruleDirectory, searchedDirectory)) return { rule, path };
    }
  }
  return undefined;
}
