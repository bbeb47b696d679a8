import type { ApprovalRequest, ApprovalRules } from '@toolgate/core';
import { analyzeCommandLine, type PermissionRule, parsePermissionRules } from '@toolgate/rules';

// What a rule's specifier gives a meaning of its own (wildcards, word splitting, quoting, nesting,
// path globs): a word or path holding one cannot be written as a rule that matches only itself.
const NOT_LITERAL = /[*?[\]!()\s"'\\{}]/;

/** The exact-command rules of a bash line: one per simple command, or none when a part is not plain. */
async function commandRules(command: string): Promise<string[] | undefined> {
  const analysis = await analyzeCommandLine(command);
  // Only what the analyzer judges completely, with nothing written by a redirection.
  if (analysis.unreadable || analysis.unjudged || analysis.opaque) return undefined;
  if (analysis.writeTargets.length > 0 || analysis.commands.length === 0) return undefined;
  const rules = new Set<string>();
  for (const simple of analysis.commands) {
    if (simple.assignments.length > 0) return undefined;
    const words = simple.words;
    if (words.some((word) => word === null || word === '' || NOT_LITERAL.test(word))) return undefined;
    rules.add(`bash(${words.join(' ')})`);
  }
  return [...rules];
}

function candidateRules(request: ApprovalRequest): Promise<string[] | undefined> | string[] | undefined {
  const input = request.input as { readonly action?: unknown; readonly command?: unknown } | undefined;
  if (request.toolName === 'bash') {
    if ((input?.action !== 'exec' && input?.action !== 'start') || typeof input.command !== 'string')
      return undefined;
    return commandRules(input.command);
  }
  // A call that changes files: one rule per file it touches; anything else by the tool's name.
  if (['edit', 'delete', 'move'].includes(request.kind)) {
    const paths = request.locations ?? [];
    if (paths.length === 0 || paths.some((path) => NOT_LITERAL.test(path))) return undefined;
    return paths.map((path) => `${request.toolName}(${path})`);
  }
  return [request.toolName];
}

/**
 * The allow rules an "always" beyond this session would write for a call, as narrow as the call:
 * for bash one exact rule per simple command of the parsed line (`npm test && npm run lint` →
 * `bash(npm test)`, `bash(npm run lint)`), never a prefix, and none at all for a line with a part
 * the analyzer does not judge completely, a redirection, an assignment or a word a rule cannot
 * spell literally; for a call that changes files one rule per file; else the tool's name. The
 * rules must allow the very call when judged as the session's rules are (`rulesOf`), or there are
 * none: then "always" lasts the session only.
 */
export async function lastingRulesFor(
  request: ApprovalRequest,
  rulesOf: (rules: readonly PermissionRule[]) => ApprovalRules,
  signal: AbortSignal,
): Promise<readonly string[] | undefined> {
  const candidates = await candidateRules(request);
  if (!candidates || candidates.length === 0) return undefined;
  const { rules, issues } = parsePermissionRules({ allow: candidates }, 'always');
  if (issues.length > 0) return undefined;
  const verdict = await rulesOf(rules)(request, signal);
  return verdict?.decision === 'allow' ? candidates : undefined;
}
