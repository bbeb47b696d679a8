import { createHash } from 'node:crypto';
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { z } from 'zod';
import { MAX_COMMAND_FILE_BYTES, WORKSPACE_COMMAND_DIRECTORIES } from '../commands/command-sources.js';
import { listCommandFiles } from '../commands/list-command-files.js';
import type { CommandProblem } from '../commands/prompt-command.js';
import { HOOK_EVENTS } from '../hooks/hook-events.js';
import { stripWorkspaceFromPath } from '../hooks/strip-workspace-from-path.js';
import { resolveModulePath } from '../tool-modules/resolve-module-path.js';
import { collectModuleGraph } from './collect-module-graph.js';
import { formatConfigIssue } from './format-config-issue.js';
import { type CommandPlan, inspectCommandLine, inspectCommandWords } from './inspect-command.js';
import { isLoaderVariable } from './loader-variables.js';
import { readTrustedFile, workspaceRelative } from './read-trusted-file.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';
import { createTrustCollector, type TrustCollector } from './trust-collector.js';

/** The workspace's own config: what may loosen toolgate's rules once the workspace is trusted. */
export const WORKSPACE_CONFIG_FILES = ['toolgate.config.json', '.mcp.json'] as const;

/** The workspace's config directory; every file under it counts. */
export const WORKSPACE_CONFIG_DIRECTORY = '.toolgate';

/** A hook of the workspace's config, by its key (`preToolUse[0]`), and what it runs. */
export type HookPlans = ReadonlyMap<string, CommandPlan>;

/**
 * Everything a trusted workspace's config would make toolgate load or run, read once: the bytes
 * and digests of the config files and of every workspace file they execute or import, and why
 * trust must be refused, if it must.
 */
export interface WorkspaceConfigInspection {
  /** The workspace root's real path. */
  readonly root: string;
  /** `sha256:<hex>` of each covered file, by path relative to the root with `/`, in order. */
  readonly files: Readonly<Record<string, string>>;
  /** The bytes digested, by the same paths: what the host parses, copies and runs. */
  readonly contents: ReadonlyMap<string, Buffer>;
  /** Why this workspace cannot be trusted as it is (a symlinked config, a hook toolgate cannot verify); empty when it can. */
  readonly refusals: readonly string[];
  /** Why `toolgate.config.json` itself cannot be read as config (a symlink, not a regular file); the host refuses to start on it. */
  readonly configFileProblem?: string;
  /** The workspace config's hooks by key (`preToolUse[0]`), as plans to run them from verified copies. */
  readonly hooks: HookPlans;
  /** The workspace config's tool modules inside the workspace: resolved path → the files of its graph. */
  readonly modules: ReadonlyMap<string, readonly string[]>;
  /** The `.mcp.json` stdio servers by name, as plans to start them from verified copies. */
  readonly mcpServers: ReadonlyMap<string, CommandPlan>;
  /**
   * What of `.claude/commands` trust does not cover, and so no session reads: a symlink, a file
   * too large, a bad name. (Its other `*.md` files are in `files` and `contents`.)
   */
  readonly commandProblems: readonly CommandProblem[];
}

function sha256(data: Buffer): string {
  return `sha256:${createHash('sha256').update(data).digest('hex')}`;
}

/** The validated config of the bytes read, or the problem as text. */
async function parseConfig(
  text: string,
  loadSchema: () => Promise<z.ZodType<object>>,
): Promise<{ readonly value?: unknown; readonly problem?: string }> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message})` };
  }
  const schema = await loadSchema();
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { value: parsed.data };
  return { problem: parsed.error.issues.map((issue) => formatConfigIssue(issue, raw, schema)).join('; ') };
}

async function readConfigDirectory(collector: TrustCollector): Promise<void> {
  const directory = join(collector.root, WORKSPACE_CONFIG_DIRECTORY);
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    collector.refuse(`${WORKSPACE_CONFIG_DIRECTORY}: cannot be read (${(error as Error).message})`);
    return;
  }
  // A symlink or a file named .toolgate is refused or digested as itself, never followed.
  if (!stats.isDirectory()) {
    await collector.read(WORKSPACE_CONFIG_DIRECTORY, WORKSPACE_CONFIG_DIRECTORY);
    return;
  }
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true, recursive: true });
  } catch (error) {
    // Swapped for a file or a link after the lstat, or unreadable: refused, never left out.
    collector.refuse(`${WORKSPACE_CONFIG_DIRECTORY}: cannot be read (${(error as Error).message})`);
    return;
  }
  const names = entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(collector.root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  const [commands] = WORKSPACE_COMMAND_DIRECTORIES;
  for (const name of names)
    await collector.read(
      name,
      name,
      false,
      name.startsWith(`${commands}/`) ? MAX_COMMAND_FILE_BYTES : undefined,
    );
}

/**
 * The `*.md` files of `.claude/commands` (Claude Code's, which a trusted workspace offers as
 * commands): listed without following a link, each digested; what is left out is returned, so
 * that no session reads it.
 */
async function readClaudeCommands(collector: TrustCollector): Promise<readonly CommandProblem[]> {
  const [, claude] = WORKSPACE_COMMAND_DIRECTORIES;
  const listing = await listCommandFiles(collector.root, claude, { singleLink: true });
  for (const rel of listing.files) {
    const name = `${claude}/${rel}`;
    await collector.read(name, name, false, MAX_COMMAND_FILE_BYTES);
  }
  return listing.problems;
}

/**
 * The hooks of a config, by key (`preToolUse[0]`), judged as commands run in the workspace whose
 * real root is the collector's; `source` names the file in refusals. The commands with no plan are
 * lines of several commands, which run as written.
 */
export async function inspectHooks(
  collector: TrustCollector,
  config: ToolgateConfig,
  path: string,
  source = 'toolgate.config.json',
): Promise<Map<string, CommandPlan>> {
  const plans = new Map<string, CommandPlan>();
  for (const list of HOOK_EVENTS) {
    for (const [index, hook] of (config.hooks?.[list] ?? []).entries()) {
      const key = `${list}[${index}]`;
      const plan = await inspectCommandLine(hook.command, {
        collector,
        cwd: collector.root,
        path,
        what: `hooks.${key}.command of ${source}`,
      });
      if (plan) plans.set(key, plan);
    }
  }
  return plans;
}

/**
 * The tool modules of a config that lie inside the collector's workspace, by resolved path, with
 * the workspace files of each one's graph; `source` names the file in refusals.
 */
export async function inspectModules(
  collector: TrustCollector,
  config: ToolgateConfig,
  source = 'toolgate.config.json',
): Promise<Map<string, readonly string[]>> {
  const modules = new Map<string, readonly string[]>();
  const named = [
    ...(config.tools?.modules ?? []).map(
      (specifier, index) => [`tools.modules[${index}]`, specifier] as const,
    ),
    ...Object.entries(config.tools?.replace ?? {}).map(
      ([name, specifier]) => [`tools.replace.${name}`, specifier] as const,
    ),
  ];
  for (const [key, specifier] of named) {
    const what = `${key} of ${source}`;
    const path = await resolveModulePath(specifier, collector.root);
    if (path === undefined) {
      collector.refuse(`${what}: cannot find tool module ${JSON.stringify(specifier)}`);
      continue;
    }
    const rel = workspaceRelative(collector.root, path);
    if (rel === undefined || modules.has(path)) continue;
    if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
      collector.refuse(
        `${what}: ${JSON.stringify(specifier)} is a package in the workspace (${rel}); toolgate cannot verify a package's files and dependencies. Name it in your own config file, which needs no trust, or bundle it into one file in the workspace and name that path`,
      );
      continue;
    }
    const files = await collectModuleGraph(collector, rel, what);
    if (files) modules.set(path, files);
  }
  return modules;
}

async function inspectMcpServers(
  collector: TrustCollector,
  text: string,
  path: string,
): Promise<Map<string, CommandPlan>> {
  const plans = new Map<string, CommandPlan>();
  const { parseMcpConfig } = await import('@toolgate/mcp');
  let servers: Awaited<ReturnType<typeof parseMcpConfig>>['mcpServers'];
  try {
    servers = parseMcpConfig(JSON.parse(text), { source: '.mcp.json' }).mcpServers;
  } catch (error) {
    collector.refuse(`.mcp.json: ${(error as Error).message}`);
    return plans;
  }
  for (const [name, server] of Object.entries(servers)) {
    if (server.type !== 'stdio' || server.disabled) continue;
    const loaders = Object.keys(server.env).filter(isLoaderVariable).sort();
    if (loaders.length > 0)
      collector.refuse(
        `the MCP server ${JSON.stringify(name)} of .mcp.json: sets ${loaders.join(', ')}, which ${loaders.length === 1 ? 'changes' : 'change'} what its program loads; toolgate cannot verify that`,
      );
    const plan = await inspectCommandWords([server.command, ...server.args], {
      collector,
      cwd: resolve(collector.root, server.cwd ?? '.'),
      path: server.env.PATH ?? path,
      what: `the MCP server ${JSON.stringify(name)} of .mcp.json`,
    });
    plans.set(name, plan);
  }
  return plans;
}

/**
 * Reads what trust covers in a workspace whose real root is `root`: `toolgate.config.json`,
 * `.mcp.json`, every file under `.toolgate/` (its `commands/` files at most
 * `MAX_COMMAND_FILE_BYTES` each), the `*.md` command files of `.claude/commands`, and what they make the host run: the files its hook
 * commands execute (a script and what it imports), its tool modules by path with their relative
 * imports, the local scripts of `.mcp.json` servers. Nothing is followed through a symlink; what
 * trust cannot verify is a refusal that says why. `env` gives the `PATH` commands are found on.
 */
export async function inspectWorkspaceConfig(
  root: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<WorkspaceConfigInspection> {
  const collector = createTrustCollector(root);
  // Hooks and servers run with the workspace taken off PATH (see stripWorkspaceFromPath).
  const path = stripWorkspaceFromPath(env.PATH, root);
  const [configName, mcpName] = WORKSPACE_CONFIG_FILES;
  const configRead = await readTrustedFile(root, configName);
  const configFileProblem = configRead.ok || configRead.missing ? undefined : configRead.reason;
  const configBytes = await collector.read(configName, configName, true);
  const mcpBytes = await collector.read(mcpName, mcpName, true);
  await readConfigDirectory(collector);
  const commandProblems = await readClaudeCommands(collector);
  let hooks = new Map<string, CommandPlan>();
  let modules = new Map<string, readonly string[]>();
  if (configBytes !== undefined) {
    const parsed = await parseConfig(
      configBytes.toString('utf8'),
      async () => (await import('./toolgate-config-schema.js')).TOOLGATE_CONFIG_SCHEMA,
    );
    if (parsed.problem !== undefined)
      collector.refuse(`toolgate.config.json is not valid: ${parsed.problem}`);
    else {
      const config = parsed.value as ToolgateConfig;
      hooks = await inspectHooks(collector, config, path);
      modules = await inspectModules(collector, config);
    }
  }
  const mcpServers =
    mcpBytes === undefined
      ? new Map<string, CommandPlan>()
      : await inspectMcpServers(collector, mcpBytes.toString('utf8'), path);
  const names = [...collector.contents.keys()].sort();
  const files = Object.fromEntries(names.map((name) => [name, sha256(collector.contents.get(name)!)]));
  return {
    root,
    files,
    contents: collector.contents,
    refusals: collector.refusals,
    ...(configFileProblem === undefined ? {} : { configFileProblem }),
    hooks,
    modules,
    mcpServers,
    commandProblems,
  };
}
