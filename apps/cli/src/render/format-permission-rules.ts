import type { ListedPermissionRule } from '@toolgate/host';
import type { Colors } from './colors.js';

const SCOPE_LABELS: Readonly<Record<ListedPermissionRule['scope'], string>> = {
  everywhere: 'everywhere',
  project: 'this project',
  workspace: 'workspace file',
};

/**
 * The rules in force, one numbered line each (`  1  allow  bash(npm test)  this project  <file>`),
 * under a line naming the workspace; or a line saying there are none.
 */
export function formatPermissionRules(
  root: string,
  rules: readonly ListedPermissionRule[],
  colors: Colors,
): string {
  if (rules.length === 0)
    return `No permission rules in force for ${root}; the approval mode decides every call.\n`;
  const width = (values: readonly string[]) => Math.max(...values.map((value) => value.length));
  const numbers = width(rules.map((rule) => String(rule.number)));
  const texts = width(rules.map((rule) => rule.text));
  const scopes = width(rules.map((rule) => SCOPE_LABELS[rule.scope]));
  const lines = rules.map(
    (rule) =>
      `  ${String(rule.number).padStart(numbers)}  ${rule.list.padEnd(5)}  ${rule.text.padEnd(texts)}  ${SCOPE_LABELS[rule.scope].padEnd(scopes)}  ${colors.dim(rule.source)}\n`,
  );
  return (
    `Permission rules in force for ${root} (deny beats ask beats allow):\n${lines.join('')}` +
    colors.dim(
      'Remove one from your config file with toolgate permissions --revoke N (/permissions revoke N).\n',
    )
  );
}
