import { homedir } from 'node:os';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  type ApprovalRequest,
  type ApprovalRules,
  createSecretMatcher,
  DEFAULT_SECRET_PATTERNS,
  resolveRealPath,
  type SecretMatcher,
  type Workspace,
} from '@toolgate/core';
import type { CommandWriteTarget, PermissionQuery, PermissionRules } from '@toolgate/rules';
import { askRuleUnderSearch } from './ask-rule-under-search.js';

/** Options of {@link permissionRulesApproval}. */
export interface PermissionRulesApprovalOptions {
  /** The workspace's secret names: a command line writing one is refused. @default core's `DEFAULT_SECRET_PATTERNS` */
  readonly secrets?: SecretMatcher;
  /**
   * The session's workspace: a path a command line writes must pass its write judgment (inside the
   * root, not protected: `.git`, `toolgate.config.json`, `.mcp.json`, `.toolgate`, configured
   * protected paths) or the line is not allowed by an allow rule (it asks). @default no judgment
   */
  readonly workspace?: Pick<Workspace, 'resolveWritable'>;
}

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
 * A path a command line writes, read as the workspace reads a write tool's path: relative to the
 * command's cwd (`~` is the home directory), every symlink followed (a dangling one to its target,
 * a new file through its parent's real path), and refused when its name, or its real name, is a
 * secret. A path that cannot be resolved (a link loop) is judged as written.
 */
async function commandWriteTarget(
  root: string,
  cwd: string,
  written: string,
  secrets: SecretMatcher,
  workspace: Pick<Workspace, 'resolveWritable'> | undefined,
): Promise<CommandWriteTarget> {
  const expanded =
    written === '~' ? homedir() : written.startsWith('~/') ? join(homedir(), written.slice(2)) : written;
  const lexical = resolve(cwd, expanded);
  const real = await resolveRealPath(lexical);
  const realPath = real.ok ? real.realPath : lexical;
  const path = rulePath(root, realPath);
  const secretName = [realPath, lexical]
    .map((each) => basename(each))
    .find((name) => secrets.match(name) !== undefined);
  if (secretName === undefined) {
    const writable = workspace ? await workspace.resolveWritable(lexical) : undefined;
    return writable?.status === 'failure' ? { path, unwritable: writable.error.message } : { path };
  }
  const where = realPath === lexical ? '' : ` (it leads to ${path})`;
  const pattern = JSON.stringify(secrets.match(secretName));
  return {
    path,
    readRefusal: `a redirection reads ${JSON.stringify(written)}${where}, whose name ${JSON.stringify(secretName)} matches the secret pattern ${pattern}, and no tool reads secrets. Only the person running toolgate can change this, through the "secrets" setting of their configuration`,
    refusal: `a redirection writes ${JSON.stringify(written)}${where}, whose name ${JSON.stringify(secretName)} matches the secret pattern ${JSON.stringify(secrets.match(secretName))}, and no tool writes secrets. Only the person running toolgate can change this, through the "secrets" setting of their configuration`,
  };
}

/**
 * The bash query: the command line, and how a path the line writes (relative to the command's
 * cwd, which preflight resolved into the request's first location) reads as a rule path.
 */
function commandQuery(
  request: ApprovalRequest,
  command: string,
  root: string,
  secrets: SecretMatcher,
  workspace: Pick<Workspace, 'resolveWritable'> | undefined,
): PermissionQuery {
  const cwdShown = request.locations?.[0] ?? '.';
  const cwd = isAbsolute(cwdShown) ? cwdShown : join(root, cwdShown);
  return {
    tool: request.toolName,
    command,
    resolveCommandPath: (path) => commandWriteTarget(root, cwd, path, secrets, workspace),
  };
}

/**
 * Core's `approval.rules` from the rules people wrote (`@toolgate/rules`): the tool by its name
 * (Claude Code's names are aliases), a bash call by its parsed command line (every simple command
 * must be allowed; redirect targets are judged as writes), other calls by the workspace-relative
 * real paths they touch, MCP tools by `mcp__server__tool` patterns. A redirect target is judged by
 * its real path like a write tool's (through symlinks; outside the workspace by its absolute path),
 * and a secret one is refused. A line the parser cannot read asks (and so is refused where no one
 * can be asked). `root` is the workspace root's real path.
 */
export function permissionRulesApproval(
  permissions: PermissionRules,
  root: string,
  options: PermissionRulesApprovalOptions = {},
): ApprovalRules {
  if (permissions.rules.length === 0) return async () => undefined;
  const secrets = options.secrets ?? createSecretMatcher(DEFAULT_SECRET_PATTERNS);
  return async (request) => {
    const command = (request.input as { readonly command?: unknown } | undefined)?.command;
    const query: PermissionQuery =
      request.toolName === 'bash' && typeof command === 'string'
        ? commandQuery(request, command, root, secrets, options.workspace)
        : { tool: request.toolName, ...optionalPaths(await pathsOf(request, root)) };
    const decided = await permissions.decide(query);
    let verdict = decided;
    if (decided === undefined || decided.decision === 'allow') {
      const under = askRuleUnderSearch(permissions.rules, request.toolName, query.paths ?? ['.'], root);
      if (under)
        verdict = {
          decision: 'ask',
          rule: under.rule,
          reason: `the ask rule "${under.rule.text}" in ${under.rule.source} may match files under ${under.path}, which ${request.toolName} reads`,
        };
    }
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
