import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { BUILT_IN_DELEGATES, DELEGATE_TOOL_PREFIX } from '@toolgate/agent/definitions';
import {
  type ApprovalMode,
  type ApprovalRules,
  BUILT_IN_TOOL_NAMES,
  createSecretMatcher,
  DEFAULT_SECRET_PATTERNS,
  describeApprovalModeNames,
  parseApprovalMode,
  type ReadPolicy,
} from '@toolgate/core';
import { createPermissionRules, type PermissionRule } from '@toolgate/rules';
import type { SandboxMode } from '@toolgate/sandbox-bwrap';
import {
  AGENT_FILES_DIRECTORY,
  type AgentFileDefinition,
  loadAgentFiles,
} from '../agents/load-agent-files.js';
import { WORKSPACE_COMMAND_DIRECTORIES } from '../commands/command-sources.js';
import type { CommandCatalog } from '../commands/prompt-command.js';
import type { HookSettings } from '../hooks/hook-settings.js';
import { assertRuleTools } from '../rules/assert-rule-tools.js';
import { permissionRulesApproval } from '../rules/permission-rules-approval.js';
import { readPolicyOfRules } from '../rules/read-policy-of-rules.js';
import type { SandboxProvider, SessionSandboxSettings } from '../sandbox/open-session-sandbox.js';
import { createConfiguredWorkspace } from '../session/create-session-tools.js';
import { type TelemetrySettings, telemetrySettings } from '../telemetry/telemetry-settings.js';
import { ConfigError } from './config-error.js';
import { loadManagedPolicy, managedSource } from './load-managed-policy.js';
import { loadSessionConfig } from './load-session-config.js';
import { managedMode, managedSandbox } from './managed-limits.js';
import type { ManagedPolicy } from './managed-policy.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';
import { toolgateStateDirectory } from './toolgate-state-directory.js';
import { userConfigFile } from './user-config-file.js';
import { describeDistrust, trustCommandFor, type WorkspaceTrust } from './workspace-trust.js';

/** The MCP servers file looked up in the workspace root. */
export const MCP_CONFIG_FILE_NAME = '.mcp.json';

/** Options of {@link resolveSessionSettings}: the workspace, the environment and the host's flags. */
export interface ResolveSessionSettingsOptions {
  /** Absolute workspace root (an existing directory). */
  readonly root: string;
  /** `TOOLGATE_APPROVAL`, `XDG_CONFIG_HOME`, `XDG_STATE_HOME`, `HOME`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The user's config file. @default `userConfigFile(env)` */
  readonly userFile?: string;
  /** A config file the person named (`--config`): trusted, and replaces the workspace's own. */
  readonly configFile?: string;
  /** The approval mode the person chose (a flag); wins over `TOOLGATE_APPROVAL` and the config. */
  readonly approval?: ApprovalMode;
  /** The sandbox mode the person chose (`--sandbox`); a confined one is then required. */
  readonly sandbox?: SandboxMode;
  /** The sandbox provider the person chose (`--sandbox-provider`); wins over `sandbox.provider`. */
  readonly sandboxProvider?: SandboxProvider;
  /** An audit log file the person named (`--audit`), absolute; else the config's `audit`. */
  readonly audit?: string;
  /** An MCP servers file the person named: loaded whatever the workspace's trust. */
  readonly mcpConfigFile?: string;
  /** Load no MCP servers at all. @default false */
  readonly noMcp?: boolean;
  /** Receives one line for each setting left out and how to trust the workspace. */
  readonly notice: (line: string) => void;
  /** The machine's managed settings file (tests name another). @default `systemManagedSettingsFile()` */
  readonly systemManagedFile?: string;
}

/** Where a session runs and how it asks. */
export interface SessionSettings {
  /** Absolute workspace root. */
  readonly root: string;
  /** The user's file with the project's on top (the project's only tightening until trusted). */
  readonly config: ToolgateConfig;
  readonly mode: ApprovalMode;
  /** The MCP servers file to load, if any. */
  readonly mcpConfigFile: string | undefined;
  /**
   * Why the workspace's `.mcp.json` servers do not start (it is not trusted), said by the front
   * door only to a session that would have started them: not to a call of a built-in tool.
   */
  readonly mcpWithheld: string | undefined;
  /** Where bash runs. */
  readonly sandbox: SessionSandboxSettings;
  /** Whether the workspace's own config files are trusted. */
  readonly trust: WorkspaceTrust;
  /** The hooks that may run: the user's, and the workspace's once trusted. */
  readonly hooks: HookSettings;
  /** The audit log file (named by the person, else the config's `audit` against the root), absolute. */
  readonly audit: string | undefined;
  /**
   * The managed settings in effect (`/etc/toolgate/managed.json`, `TOOLGATE_MANAGED_SETTINGS`):
   * already applied to the rules, hooks, sandbox and mode; the front door also keeps a host's
   * mode switches within its floor, refuses MCP servers outside its allowlist and writes its audit logs.
   */
  readonly managed: ManagedPolicy;
  /**
   * Where OpenTelemetry traces go (OTLP/HTTP): the managed settings' `telemetry`, else
   * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` / `OTEL_EXPORTER_OTLP_ENDPOINT` (+ `/v1/traces`), else the
   * user's `telemetry`; absent when none says (nothing of OpenTelemetry loads).
   */
  readonly telemetry: TelemetrySettings | undefined;
  /**
   * The `permissions` rules of the user's file and the workspace's, for core's `approval.rules`;
   * absent when neither file has any.
   */
  readonly rules: ApprovalRules | undefined;
  /**
   * Tools a bare deny rule refuses outright (`"deny": ["bash"]`, `"mcp__github__*"`): hosts pass
   * this to `createSessionTools` so the model is not offered them; absent when no rule does.
   */
  readonly hiddenTools: ((name: string) => boolean) | undefined;
  /**
   * With tool modules configured, whose tools are known only once loaded: `openHostSession` calls it once the tools load with the session's tool names and fails
   * with a `ConfigError` for a rule naming none of them. Absent when every rule was checked already.
   */
  readonly checkRuleTools: ((toolNames: readonly string[]) => void) | undefined;
  /**
   * The read policy of the permission rules (`readPolicyOfRules`: deny rules for reading paths),
   * for the workspace: hosts pass it to `createSessionTools`; absent when no rule denies a read.
   */
  readonly readPolicy: ReadPolicy | undefined;
  /**
   * The user's config directory and toolgate's state directory (`$XDG_STATE_HOME/toolgate`): no
   * tool reads or writes them, whatever the read roots; hosts pass them to `createSessionTools`.
   */
  readonly unreachablePaths: readonly string[];
  /** The workspace's `.toolgate/agents/*.md` definitions, read only once the workspace is trusted. */
  readonly agentFiles: readonly AgentFileDefinition[];
  /**
   * The prompt commands of files (`/review 42`), read on the first call and kept: the workspace's
   * `.toolgate/commands` and `.claude/commands` from the bytes trust verified (none unless it is
   * trusted), then the user's `$XDG_CONFIG_HOME/toolgate/commands` and `~/.claude/commands`.
   */
  readonly commands: () => Promise<CommandCatalog>;
  /**
   * Why the workspace's own command files are not offered (it is not trusted), said once by the
   * front door to an agent session; absent when they are, or when it has none.
   */
  readonly commandsWithheld: string | undefined;
  /** The user's config file (where "always for this project" and "everywhere" answers are written). */
  readonly userFile: string;
  /** The workspace root's real path (the key of its entry in the user's `projects`). */
  readonly realRoot: string;
  /** Every permission rule in force, each naming its file, in the order `toolgate permissions` lists them. */
  readonly permissionRules: readonly PermissionRule[];
  /**
   * Core's `approval.rules` for a set of rules, judged as `rules` is (the workspace's real root,
   * secrets, write judgment): for rules added during the session, and to check that a rule
   * allows what it is meant to.
   */
  readonly rulesOf: (rules: readonly PermissionRule[]) => ApprovalRules;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** `TOOLGATE_APPROVAL` (trimmed, any case, Claude Code's names too) when set; anything else is a {@link ConfigError}. */
function approvalFromEnv(raw: string | undefined): ApprovalMode | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const mode = parseApprovalMode(raw);
  if (mode) return mode;
  throw new ConfigError(
    `TOOLGATE_APPROVAL expects one of ${describeApprovalModeNames()}; got ${JSON.stringify(raw)}.`,
  );
}

/**
 * The settings both hosts start a session from (docs/architecture.md, "Hosts and configuration"):
 * the user's config file, then the workspace's `toolgate.config.json` (or the named config file),
 * which only tightens until the workspace is trusted; the approval mode (flag, `TOOLGATE_APPROVAL`,
 * config, `safe`); the MCP file (a named one, else the workspace's `.mcp.json` once trusted); the
 * sandbox (flag, then config; a confined mode given by flag is required); the workspace's agent
 * files once trusted. Throws {@link ConfigError} for a bad file, key or variable,
 * `AgentDefinitionError` for a bad agent file.
 */
export async function resolveSessionSettings(
  options: ResolveSessionSettingsOptions,
): Promise<SessionSettings> {
  const { root, notice } = options;
  // Read first: a managed file that cannot be read stops the session here (fail closed).
  const managed = await loadManagedPolicy({
    env: options.env,
    ...(options.systemManagedFile === undefined ? {} : { systemFile: options.systemManagedFile }),
  });
  if (managed.ignored.length > 0)
    notice(
      `toolgate: ignored ${managed.ignored.join(' and ')} of ${managed.files.at(-1)}: beside ${managed.files[0]} it may only add restrictions.`,
    );
  const userFile = options.userFile ?? userConfigFile(options.env);
  const loaded = await loadSessionConfig({
    managed,
    root,
    userFile,
    ...(options.configFile === undefined ? {} : { configFile: options.configFile }),
  });
  const { config } = loaded;
  for (const line of loaded.notices) notice(line);
  const readRoots = config.workspace?.readRoots ?? [];
  for (const [index, path] of readRoots.entries()) {
    const absolute = resolve(root, path);
    if (!(await isDirectory(absolute)))
      throw new ConfigError(
        `Config key workspace.readRoots[${index}]: expected an existing directory, got ${JSON.stringify(path)} (${absolute}).`,
      );
  }
  const asked =
    options.approval ?? approvalFromEnv(options.env.TOOLGATE_APPROVAL) ?? config.approval ?? 'safe';
  const mode = managedMode(managed, asked);
  if (mode !== asked)
    notice(
      `toolgate: approval mode ${asked} is not allowed here; running in ${mode} (${managedSource(managed.leastStrictApproval!.file)} sets approval.leastStrict).`,
    );
  let mcpConfigFile: string | undefined;
  let mcpWithheld: string | undefined;
  if (!options.noMcp) {
    if (options.mcpConfigFile !== undefined) mcpConfigFile = options.mcpConfigFile;
    else if (await exists(join(root, MCP_CONFIG_FILE_NAME))) {
      // A cloned repository's servers are commands it chose: none starts until the person trusts it.
      // The bytes trust verified, not the file read again.
      if (loaded.trust.state === 'trusted')
        mcpConfigFile = loaded.verifiedMcpFile ?? join(root, MCP_CONFIG_FILE_NAME);
      else
        mcpWithheld = `toolgate: not starting the MCP servers of ${join(root, MCP_CONFIG_FILE_NAME)}: ${describeDistrust(loaded.trust)}. To trust it: ${trustCommandFor(loaded.realRoot)}`;
    }
  }
  const agentsDirectory = join(root, AGENT_FILES_DIRECTORY);
  let agentFiles: readonly AgentFileDefinition[] = [];
  // Like its MCP servers, a cloned repository's agents (instructions, models) wait for trust.
  if (loaded.trust.state === 'trusted') agentFiles = await loadAgentFiles(agentsDirectory);
  else if (await exists(agentsDirectory))
    notice(
      `toolgate: not loading the agents of ${agentsDirectory}: ${describeDistrust(loaded.trust)}. To trust it: ${trustCommandFor(loaded.realRoot)}`,
    );
  // Like its agents, a cloned repository's prompts wait for trust.
  const commandsWithheld = loaded.commandsWithheld
    ? `toolgate: not offering the commands of ${WORKSPACE_COMMAND_DIRECTORIES.map((directory) => join(root, directory)).join(' and ')}: ${describeDistrust(loaded.trust)}. To trust it: ${trustCommandFor(loaded.realRoot)}`
    : undefined;
  let catalog: Promise<CommandCatalog> | undefined;
  const commands = () => {
    catalog ??= import('../commands/load-command-catalog.js').then(
      ({ loadCommandCatalog, userCommandDirectories }) =>
        loadCommandCatalog(loaded.workspaceCommands, userCommandDirectories(userFile, options.env)),
    );
    return catalog;
  };
  const sandboxConfig = config.sandbox ?? {};
  const provider = options.sandboxProvider ?? sandboxConfig.provider;
  if (config.network !== undefined && sandboxConfig.network === true) {
    throw new ConfigError(
      '"sandbox": {"network": true} shares the whole host network and "network": {"allow": […]} lets out only the hosts named; keep one of them.',
    );
  }
  const confined = managedSandbox(
    managed,
    {
      ...(options.sandbox === undefined ? {} : { flag: options.sandbox }),
      ...(sandboxConfig.mode === undefined ? {} : { config: sandboxConfig.mode }),
    },
    {
      network: sandboxConfig.network ?? false,
      ...((options.sandbox !== undefined && options.sandbox !== 'danger-full-access') ||
      sandboxConfig.required
        ? {
            requiredBy:
              options.sandbox !== undefined && options.sandbox !== 'danger-full-access'
                ? `--sandbox ${options.sandbox}`
                : 'sandbox.required in the config file',
          }
        : {}),
    },
  );
  // A network the managed settings turn off lets nothing out, allowlist or not.
  const allowlist = managed.sandbox.networkOffBy === undefined ? config.network : undefined;
  const sandbox: SessionSandboxSettings = {
    ...confined,
    ...(allowlist === undefined ? {} : { allowlist }),
    ...(provider === 'container'
      ? {
          container: {
            requiredBy:
              options.sandboxProvider === undefined
                ? 'sandbox.provider "container" in the config file'
                : '--sandbox-provider container',
            ...(sandboxConfig.image === undefined ? {} : { image: sandboxConfig.image }),
            ...(sandboxConfig.engine === undefined ? {} : { engine: sandboxConfig.engine }),
            ...(sandboxConfig.limits === undefined ? {} : { limits: sandboxConfig.limits }),
          },
        }
      : {}),
  };
  const audit = options.audit ?? (config.audit === undefined ? undefined : resolve(root, config.audit));
  // A rule must name a tool the session has: built-ins, delegates, and tool modules' tools once loaded.
  const knownTools = [
    ...BUILT_IN_TOOL_NAMES,
    ...[
      ...BUILT_IN_DELEGATES.map((delegate) => delegate.name),
      ...(config.agents ?? []).map((agent) => agent.name),
      ...agentFiles.map((file) => file.definition.name),
    ].map((name) => `${DELEGATE_TOOL_PREFIX}${name}`),
  ];
  const modules = (config.tools?.modules?.length ?? 0) > 0;
  if (!modules) assertRuleTools(loaded.permissions, knownTools);
  const checkRuleTools = modules
    ? (toolNames: readonly string[]) => assertRuleTools(loaded.permissions, [...knownTools, ...toolNames])
    : undefined;
  const permissions = loaded.permissions.length === 0 ? undefined : createPermissionRules(loaded.permissions);
  const unreachablePaths = [dirname(userFile), toolgateStateDirectory(options.env)];
  const judgment = {
    secrets: createSecretMatcher(config.secrets ?? DEFAULT_SECRET_PATTERNS),
    // A redirect target passes the write judgment of the workspace the tools write through.
    workspace: createConfiguredWorkspace(loaded.realRoot, config, { unreachablePaths }),
  };
  const rulesOf = (list: readonly PermissionRule[]) =>
    permissionRulesApproval(createPermissionRules(list), loaded.realRoot, judgment);
  const rules = permissions ? permissionRulesApproval(permissions, loaded.realRoot, judgment) : undefined;
  const readPolicy = readPolicyOfRules(loaded.permissions);
  const hiddenTools =
    permissions?.rules.some((rule) => rule.list === 'deny' && rule.specifier === undefined) === true
      ? (name: string) => permissions.deniedTool(name) !== undefined
      : undefined;
  return {
    root,
    config,
    mode,
    mcpConfigFile,
    mcpWithheld,
    sandbox,
    trust: loaded.trust,
    hooks: loaded.hooks,
    audit,
    managed,
    telemetry: telemetrySettings(managed, options.env, loaded.telemetry, userFile),
    rules,
    hiddenTools,
    checkRuleTools,
    readPolicy,
    unreachablePaths,
    agentFiles,
    commands,
    commandsWithheld,
    userFile,
    realRoot: loaded.realRoot,
    permissionRules: loaded.permissions,
    rulesOf,
  };
}
