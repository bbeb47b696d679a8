import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { type ApprovalRequest, type ApprovalRules, resolveRealPath } from '@toolgate/core';
import type { PermissionQuery, PermissionRules } from '@toolgate/rules';

/** Root-relative with `/` (`.` for the root), or absolute when outside: the form rules match. */
function rulePath(root: string, absolutePath: string): string {
  const inside = relative(root, absolutePath);
  if (inside === '') return '.';
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return absolutePath;
  return inside.split(sep).join('/');
}

/** The paths a call touches, as rules match them: the preflight's real paths, else `input.path`. */
async function pathsOf(request: ApprovalRequest, root: string): Promise<readonly string[] | undefined> {
  if (request.locations && request.locations.length > 0) return request.locations;
  const path = (request.input as { readonly path?: unknown } | undefined)?.path;
  if (typeof path !== 'string' || path.trim() === '') return undefined;
  const real = await resolveRealPath(resolve(root, path));
  return [rulePath(root, real.ok ? real.realPath : resolve(root, path))];
}

/**
 * The bash query: the command line, and how a path the line writes (relative to the command's
 * cwd, which preflight resolved into the request's first location) reads as a rule path.
 */
function commandQuery(request: ApprovalRequest, command: string, root: string): PermissionQuery {
  const cwdShown = request.locations?.[0] ?? '.';
  const cwd = isAbsolute(cwdShown) ? cwdShown : join(root, cwdShown);
  return {
    tool: request.toolName,
    command,
    resolveCommandPath: (path) => rulePath(root, resolve(cwd, path)),
  };
}

/**
 * Core's `approval.rules` from the rules people wrote (`@toolgate/rules`): the tool by its name
 * (Claude Code's names are aliases), a bash call by its parsed command line (every simple command
 * must be allowed; redirect targets are judged as writes), other calls by the workspace-relative
 * real paths they touch, MCP tools by `mcp__server__tool` patterns. A line the parser cannot read
 * asks (and so is refused where no one can be asked). `root` is the workspace root's real path.
 */
export function permissionRulesApproval(permissions: PermissionRules, root: string): ApprovalRules {
  if (permissions.rules.length === 0) return async () => undefined;
  return async (request) => {
    const command = (request.input as { readonly command?: unknown } | undefined)?.command;
    const query: PermissionQuery =
      request.toolName === 'bash' && typeof command === 'string'
        ? commandQuery(request, command, root)
        : { tool: request.toolName, ...optionalPaths(await pathsOf(request, root)) };
    const verdict = await permissions.decide(query);
    if (!verdict) return undefined;
    return {
      decision: verdict.decision,
      reason:
        verdict.decision === 'deny'
          ? `Refused by a permission rule: ${verdict.reason}. Do not retry this call; ask the user if it is needed.`
          : verdict.reason,
      ...(verdict.rule ? { rule: { text: verdict.rule.text, source: verdict.rule.source } } : {}),
    };
  };
}

function optionalPaths(paths: readonly string[] | undefined): { readonly paths?: readonly string[] } {
  return paths ? { paths } : {};
}
