import { realpath } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { PermissionRule } from '@toolgate/rules';
import type { CommandDirectoryFiles } from '../commands/build-command-catalog.js';
import { WORKSPACE_COMMAND_DIRECTORIES } from '../commands/command-sources.js';
import { hasWorkspaceCommands, workspaceCommandSources } from '../commands/workspace-command-sources.js';
import { HOOK_EVENTS } from '../hooks/hook-events.js';
import type { HookSettings } from '../hooks/hook-settings.js';
import { hookSettingsOfConfig } from '../hooks/hook-settings-of-config.js';
import { stripWorkspaceFromPath } from '../hooks/strip-workspace-from-path.js';
import { layerPermissionRules } from '../rules/layer-permission-rules.js';
import {
  checkManagedModules,
  managedHookNotices,
  withManagedHooks,
  withManagedLimits,
  withManagedRules,
} from './apply-managed-policy.js';
import { ConfigError } from './config-error.js';
import type { CommandPlan } from './inspect-command.js';
import {
  inspectHooks,
  inspectModules,
  inspectWorkspaceConfig,
  type WorkspaceConfigInspection,
} from './inspect-workspace-config.js';
import { layerConfig } from './layer-config.js';
import { CONFIG_FILE_NAME, loadConfigFile, loadToolgateConfig } from './load-toolgate-config.js';
import { type ManagedPolicy, NO_MANAGED_POLICY } from './managed-policy.js';
import { workspaceRelative } from './read-trusted-file.js';
import { resolveConfigModules } from './resolve-config-modules.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';
import { createTrustCollector } from './trust-collector.js';
import type { TelemetryConfig, UserConfig } from './user-config-schema.js';
import { verifiedCommandLine } from './verified-command-line.js';
import { verifiedMcpConfig } from './verified-mcp-config.js';
import {
  checkWorkspaceTrust,
  describeDistrust,
  trustCommandFor,
  type WorkspaceTrust,
} from './workspace-trust.js';
import { createCopiesDirectory, writeVerifiedCopies } from './write-verified-copies.js';

/** Options of {@link loadSessionConfig}. */
export interface LoadSessionConfigOptions {
  /** The workspace root (an existing directory). */
  readonly root: string;
  /** The user's config file (see `userConfigFile`). */
  readonly userFile: string;
  /** `--config FILE`: named by the person, so trusted; replaces the workspace's own file. */
  readonly configFile?: string;
  /** The managed settings (`loadManagedPolicy`), read first. @default none */
  readonly managed?: ManagedPolicy;
}

/** The settings of a session and how far the workspace's own config is trusted. */
export interface SessionConfig {
  /** The user's file with the project's on top (tightening only, unless trusted). */
  readonly config: ToolgateConfig;
  /** Whether the workspace's own config files (`toolgate.config.json`, `.mcp.json`, `.toolgate/`) are trusted. */
  readonly trust: WorkspaceTrust;
  /** The workspace root's real path. */
  readonly realRoot: string;
  /** The permission rules of both files, each naming its file (a workspace's `allow` only once trusted). */
  readonly permissions: readonly PermissionRule[];
  /** Lines for stderr: what was ignored and the command that trusts the workspace. */
  readonly notices: readonly string[];
  /** The user's hooks, then the project's when it is trusted, each naming its file. */
  readonly hooks: HookSettings;
  /** The verified bytes of the workspace's `.mcp.json` in a private file, when it is trusted and has one. */
  readonly verifiedMcpFile?: string;
  /** The user's `telemetry` (a workspace cannot set it). */
  readonly telemetry?: TelemetryConfig;
  /** The workspace's command directories from the bytes trust verified; empty unless it is trusted. */
  readonly workspaceCommands: readonly CommandDirectoryFiles[];
  /** Whether the workspace has command files that are not offered because it is not trusted. */
  readonly commandsWithheld: boolean;
}

/** A config's hooks with each plan that executes a workspace file running its copy under `directory`. */
function hooksFromCopies(
  config: ToolgateConfig,
  plans: ReadonlyMap<string, CommandPlan>,
  directory: string,
): ToolgateConfig {
  if (!config.hooks) return config;
  const hooks = Object.fromEntries(
    HOOK_EVENTS.filter((list) => config.hooks?.[list] !== undefined).map((list) => [
      list,
      config.hooks![list]!.map((hook, index) => {
        const plan = plans.get(`${list}[${index}]`);
        return plan?.executed ? { ...hook, command: verifiedCommandLine(plan, directory) } : hook;
      }),
    ]),
  );
  return { ...config, hooks };
}

/**
 * A config the person owns (theirs, or named with --config) with each hook that executes a
 * workspace file running a copy of it taken now; the files and the copy directory join `protect`.
 */
async function hooksOfOwnFile(
  config: ToolgateConfig,
  source: string,
  realRoot: string,
  protect: string[],
  executing: Set<string>,
): Promise<ToolgateConfig> {
  if (!config.hooks) return config;
  const collector = createTrustCollector(realRoot);
  const plans = await inspectHooks(
    collector,
    config,
    stripWorkspaceFromPath(process.env.PATH, realRoot),
    source,
  );
  for (const [key, plan] of plans) if (plan.executed) executing.add(key);
  const files = [...plans.values()].flatMap((plan) => plan.executed?.files ?? []);
  if (files.length === 0) return config;
  const directory = await createCopiesDirectory();
  await writeVerifiedCopies(collector.contents, files, directory);
  protect.push(...files.map((rel) => `./${rel}`), directory);
  return hooksFromCopies(config, plans, directory);
}

/**
 * The workspace's config as it runs once trusted: hooks that execute a workspace script run its
 * verified copy, tool modules in the workspace are imported from theirs.
 */
function runFromCopies(
  config: ToolgateConfig,
  inspection: WorkspaceConfigInspection,
  directory: string,
): ToolgateConfig {
  const copyOf = (path: string) =>
    inspection.modules.has(path) ? join(directory, relative(inspection.root, path)) : path;
  const tools = config.tools
    ? {
        ...config.tools,
        ...(config.tools.modules ? { modules: config.tools.modules.map(copyOf) } : {}),
        ...(config.tools.replace
          ? {
              replace: Object.fromEntries(
                Object.entries(config.tools.replace).map(([name, path]) => [name, copyOf(path)]),
              ),
            }
          : {}),
      }
    : undefined;
  return { ...hooksFromCopies(config, inspection.hooks, directory), ...(tools ? { tools } : {}) };
}

/**
 * What of a file named with --config lies in the workspace, as protected paths: the file itself
 * (the model must not rewrite what the next `--config` session obeys) and the files of the tool
 * modules it loads from there.
 */
async function ownFileInWorkspace(config: ToolgateConfig, file: string, realRoot: string): Promise<string[]> {
  const real = await realpath(file).catch(() => file);
  const rel = workspaceRelative(realRoot, real);
  const modules = await inspectModules(createTrustCollector(realRoot), config, file);
  return [...(rel === undefined ? [] : [rel]), ...[...modules.values()].flat()].map((path) => `./${path}`);
}

/**
 * How the rules the user's file keeps for one workspace (`projects[<root>]`) name their source:
 * the file and the workspace, so a denial or `--explain` says which.
 */
export function userProjectSource(userFile: string, realRoot: string): string {
  return `${userFile} (projects[${JSON.stringify(realRoot)}])`;
}

/** Reads the user's config file (always trusted); a missing file is an empty config. */
export async function loadUserConfig(file: string): Promise<UserConfig> {
  return loadConfigFile(file, async () => (await import('./user-config-schema.js')).USER_CONFIG_SCHEMA, {
    required: false,
  });
}

/**
 * Loads the user's config file and the project's (the workspace's `toolgate.config.json`, or
 * `--config`), and layers them: flags and environment are applied by the caller on top.
 */
export async function loadSessionConfig(options: LoadSessionConfigOptions): Promise<SessionConfig> {
  const managed = options.managed ?? NO_MANAGED_POLICY;
  const user = await loadUserConfig(options.userFile);
  const realRoot = await realpath(options.root);
  // One read of everything trust covers: what is digested is what is parsed, copied and run.
  const inspection = await inspectWorkspaceConfig(realRoot);
  const trust = checkWorkspaceTrust(user.trustedWorkspaces, realRoot, inspection);
  const { trustedWorkspaces: _trusted, telemetry: userTelemetry, projects, ...userSettings } = user;
  const ownFile = options.configFile === undefined;
  const projectFile = options.configFile ?? join(options.root, CONFIG_FILE_NAME);
  if (ownFile && inspection.configFileProblem !== undefined)
    throw new ConfigError(`Cannot read config file ${projectFile}: ${inspection.configFileProblem}.`);
  const ownText = inspection.contents.get(CONFIG_FILE_NAME)?.toString('utf8');
  const project: ToolgateConfig = ownFile
    ? ownText === undefined
      ? {}
      : await loadToolgateConfig(projectFile, { required: false, text: ownText })
    : await loadToolgateConfig(projectFile, { required: true });
  const trusted = !ownFile || trust.state === 'trusted';
  checkManagedModules(managed, userSettings, options.userFile);
  if (trusted) checkManagedModules(managed, project, projectFile);
  // Module paths resolve from the file that names them; an untrusted project's are never looked at.
  let running = trusted
    ? await resolveConfigModules(project, ownFile ? join(realRoot, CONFIG_FILE_NAME) : projectFile)
    : project;
  let verifiedMcpFile: string | undefined;
  const protectedFiles: string[] = [];
  // The user's hooks and those of a file named with --config need no trust, but a workspace file
  // one executes (`./scripts/check.sh`) is the model's to write: it is protected and runs from a
  // copy taken now, like a trusted workspace's.
  const userExecuting = new Set<string>();
  const projectExecuting = new Set<string>();
  const userRunning = await hooksOfOwnFile(
    userSettings,
    options.userFile,
    realRoot,
    protectedFiles,
    userExecuting,
  );
  if (!ownFile) {
    running = await hooksOfOwnFile(running, projectFile, realRoot, protectedFiles, projectExecuting);
    protectedFiles.push(...(await ownFileInWorkspace(running, projectFile, realRoot)));
  }
  if (trust.state === 'trusted') {
    // Whatever trust covers is never written by a tool nor inside the sandbox.
    protectedFiles.push(...Object.keys(inspection.files).map((rel) => `./${rel}`));
    const mcpText = inspection.contents.get('.mcp.json')?.toString('utf8');
    const copied = [
      ...(ownFile ? [...inspection.hooks.values()].flatMap((plan) => plan.executed?.files ?? []) : []),
      ...(ownFile ? [...inspection.modules.values()].flat() : []),
      ...[...inspection.mcpServers.values()].flatMap((plan) => plan.executed?.files ?? []),
    ];
    if (copied.length > 0 || mcpText !== undefined) {
      const directory = await createCopiesDirectory();
      const contents = new Map(inspection.contents);
      if (mcpText !== undefined)
        contents.set('.mcp.json', Buffer.from(verifiedMcpConfig(mcpText, inspection.mcpServers, directory)));
      await writeVerifiedCopies(
        contents,
        [...copied, ...(mcpText === undefined ? [] : ['.mcp.json'])],
        directory,
      );
      protectedFiles.push(directory);
      if (ownFile) running = runFromCopies(running, inspection, directory);
      if (mcpText !== undefined) verifiedMcpFile = join(directory, '.mcp.json');
    }
  }
  const layered = layerConfig(await resolveConfigModules(userSettings, options.userFile), running, trusted);
  const layeredRules = layerPermissionRules(
    { permissions: userSettings.permissions, file: options.userFile },
    { permissions: project.permissions, file: projectFile },
    trusted,
    { permissions: projects?.[realRoot]?.permissions, file: userProjectSource(options.userFile, realRoot) },
  );
  const permissions = withManagedRules(managed, layeredRules.rules);
  const ignored = [...layered.ignored, ...layeredRules.ignored];
  // The user's config directory holds the trust records: no tool may write it, even when a trusted
  // workspace lets the tools leave the workspace.
  const config = {
    ...withManagedLimits(managed, layered.config),
    workspace: {
      ...layered.config.workspace,
      protectedPaths: [
        ...(layered.config.workspace?.protectedPaths ?? []),
        dirname(options.userFile),
        // No tool writes what every session obeys.
        ...managed.files,
        // Nor the prompts a trusted workspace's commands send (`.toolgate/` is protected already).
        `./${WORKSPACE_COMMAND_DIRECTORIES[1]}`,
        ...protectedFiles,
      ],
    },
  };
  const notices =
    ignored.length === 0
      ? []
      : [
          `toolgate: ignored ${ignored.join(', ')} from ${projectFile}: ${describeDistrust(trust)}, so its config may only tighten the rules. To trust it: ${trustCommandFor(realRoot)}`,
        ];
  // A hook that runs a workspace file runs in the sandbox when there is one; a workspace's own
  // hooks must (only a line of system programs with inline arguments may run on the host).
  const ownNeed = (executing: Set<string>) => (key: string) =>
    executing.has(key) ? ('preferred' as const) : undefined;
  const workspaceNeed = (key: string) => {
    const plan = inspection.hooks.get(key);
    return plan !== undefined && plan.executed === undefined ? ('preferred' as const) : ('required' as const);
  };
  const hooks = hookSettingsOfConfig([
    ...(managed.managedHooksOnly !== undefined
      ? []
      : [{ config: userRunning, source: options.userFile, sandboxOf: ownNeed(userExecuting) }]),
    ...(trusted && managed.managedHooksOnly === undefined
      ? [
          {
            config: running,
            source: projectFile,
            sandboxOf: ownFile ? workspaceNeed : ownNeed(projectExecuting),
          },
        ]
      : []),
  ]);
  return {
    config,
    trust,
    realRoot,
    permissions: permissions.rules,
    notices: [
      ...notices,
      ...permissions.notices,
      ...managedHookNotices(managed, userSettings, trusted ? project : {}),
    ],
    hooks: withManagedHooks(managed, hooks),
    ...(verifiedMcpFile === undefined ? {} : { verifiedMcpFile }),
    ...(userTelemetry === undefined ? {} : { telemetry: userTelemetry }),
    workspaceCommands:
      trust.state === 'trusted'
        ? workspaceCommandSources(realRoot, inspection.contents, inspection.commandProblems)
        : [],
    commandsWithheld: trust.state !== 'trusted' && hasWorkspaceCommands(inspection.files),
  };
}
