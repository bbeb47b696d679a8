import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { BUILT_IN_DELEGATES, DELEGATE_TOOL_PREFIX } from '@toolgate/agent';
import {
  type ApprovalMode,
  type ApprovalRules,
  BUILT_IN_TOOL_NAMES,
  createSecretMatcher,
  DEFAULT_SECRET_PATTERNS,
  type ReadPolicy,
} from '@toolgate/core';
import { createPermissionRules } from '@toolgate/rules';
import type { SandboxMode } from '@toolgate/sandbox-bwrap';
import {
  AGENT_FILES_DIRECTORY,
  type AgentFileDefinition,
  loadAgentFiles,
} from '../agents/load-agent-files.js';
import type { HookSettings } from '../hooks/hook-settings.js';
import { assertRuleTools } from '../rules/assert-rule-tools.js';
import { permissionRulesApproval } from '../rules/permission-rules-approval.js';
import { readPolicyOfRules } from '../rules/read-policy-of-rules.js';
import type { SessionSandboxSettings } from '../sandbox/open-session-sandbox.js';
import { createConfiguredWorkspace } from '../session/create-session-tools.js';
import { ConfigError } from './config-error.js';
import { loadSessionConfig } from './load-session-config.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';
import { toolgateStateDirectory } from './toolgate-state-directory.js';
import { userConfigFile } from './user-config-file.js';
import { describeDistrust, trustCommandFor, type WorkspaceTrust } from './workspace-trust.js';

/** The MCP servers file looked up in the workspace root. */
export const MCP_CONFIG_FILE_NAME = '.mcp.json';

const APPROVAL_MODES: readonly ApprovalMode[] = ['manual', 'safe', 'auto'];

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
  /** An audit log file the person named (`--audit`), absolute; else the config's `audit`. */
  readonly audit?: string;
  /** An MCP servers file the person named: loaded whatever the workspace's trust. */
  readonly mcpConfigFile?: string;
  /** Load no MCP servers at all. @default false */
  readonly noMcp?: boolean;
  /** Receives one line for each setting left out and how to trust the workspace. */
  readonly notice: (line: string) => void;
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

/** `TOOLGATE_APPROVAL` (trimmed, any case) when set; anything else is a {@link ConfigError}. */
function approvalFromEnv(raw: string | undefined): ApprovalMode | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim().toLowerCase();
  if ((APPROVAL_MODES as readonly string[]).includes(value)) return value as ApprovalMode;
  throw new ConfigError(
    `TOOLGATE_APPROVAL expects one of ${APPROVAL_MODES.join(', ')}; got ${JSON.stringify(raw)}.`,
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
  const userFile = options.userFile ?? userConfigFile(options.env);
  const loaded = await loadSessionConfig({
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
  const mode =
    options.approval ?? approvalFromEnv(options.env.TOOLGATE_APPROVAL) ?? config.approval ?? 'safe';
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
  const sandboxConfig = config.sandbox ?? {};
  const sandboxMode = options.sandbox ?? sandboxConfig.mode;
  const requiredBy =
    options.sandbox !== undefined && options.sandbox !== 'danger-full-access'
      ? `--sandbox ${options.sandbox}`
      : sandboxConfig.required
        ? 'sandbox.required in the config file'
        : undefined;
  const sandbox: SessionSandboxSettings = {
    ...(sandboxMode === undefined ? {} : { mode: sandboxMode }),
    network: sandboxConfig.network ?? false,
    ...(requiredBy === undefined ? {} : { requiredBy }),
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
  const rules = permissions
    ? permissionRulesApproval(permissions, loaded.realRoot, {
        secrets: createSecretMatcher(config.secrets ?? DEFAULT_SECRET_PATTERNS),
        // A redirect target passes the write judgment of the workspace the tools write through.
        workspace: createConfiguredWorkspace(loaded.realRoot, config, { unreachablePaths }),
      })
    : undefined;
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
    rules,
    hiddenTools,
    checkRuleTools,
    readPolicy,
    unreachablePaths,
    agentFiles,
  };
}
