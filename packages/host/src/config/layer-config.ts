import { DEFAULT_MAX_TOOL_CALLS_PER_STEP } from '@toolgate/agent/definitions';
import { DEFAULT_SECRET_PATTERNS, isAtLeastAsStrict } from '@toolgate/core';
import type { SandboxMode } from '@toolgate/sandbox-bwrap';
import { DEFAULT_SPILL_BYTES_PER_SESSION } from '../spill/spill-settings.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';

/** The settings in effect, and the project keys left out because they would loosen the rules. */
export interface LayeredConfig {
  readonly config: ToolgateConfig;
  /** Project keys ignored, as `key value` for the notice (`approval "auto"`). */
  readonly ignored: readonly string[];
}

// How far each sandbox mode lets bash reach.
const SANDBOX_LOOSENESS: Readonly<Record<SandboxMode, number>> = {
  'read-only': 0,
  'workspace-write': 1,
  'danger-full-access': 2,
};

function unique(paths: readonly string[]): string[] {
  return [...new Set(paths)];
}

/**
 * The user's file, then the project's on top. A trusted project overrides key by key. An untrusted
 * one may only tighten: `model` and `baseURL` (where the prompts and the provider key go), an
 * approval mode not at least as strict as the user's on every call (`isAtLeastAsStrict`),
 * `allowOutsideWorkspace: true`, extra `readRoots`, a looser `sandbox.mode`,
 * `sandbox.network: true`, `sandbox.required: false`, a `sandbox.provider`, `image`, `engine` or
 * `limits` other than the user's, a `network` allowlist other than the user's, and `agents` (instructions and models a cloned
 * repository chose) are ignored (listed in `ignored`), and so are its hooks, its audit file and the
 * exceptions (`!…`) or `[]` of its `secrets` (other secret patterns add to the user's); a project's
 * agent replaces the user's agent of the same name; a `limits` value above the user's (or the
 * default) is ignored; protected paths always add to the user's; the
 * rest (search exclusions, output limits) applies as given, as do `tools.disable` entries;
 * `tools.modules` and `tools.replace` (code that runs in the session) need trust, and a trusted
 * project's modules add to the user's; `sessions` (the store's retention) is the user's only. Hooks are left to the caller, which knows each file's name.
 */
export function layerConfig(user: ToolgateConfig, project: ToolgateConfig, trusted: boolean): LayeredConfig {
  const ignored: string[] = [];
  const userWorkspace = user.workspace ?? {};
  const projectWorkspace = { ...project.workspace };
  const projectTools = { ...project.tools };
  let approval = project.approval;
  let model = project.model;
  let baseURL = project.baseURL;
  let secrets = project.secrets ?? user.secrets;
  let audit = project.audit ?? user.audit;
  let projectAgents = project.agents ?? [];
  let limits = { ...user.limits, ...project.limits };
  const userSandbox = user.sandbox ?? {};
  const projectSandbox = { ...project.sandbox };
  if (!trusted) {
    const sandboxBase = userSandbox.mode ?? 'workspace-write';
    if (
      projectSandbox.mode !== undefined &&
      SANDBOX_LOOSENESS[projectSandbox.mode] > SANDBOX_LOOSENESS[sandboxBase]
    ) {
      ignored.push(`sandbox.mode ${JSON.stringify(projectSandbox.mode)}`);
      delete projectSandbox.mode;
    }
    if (projectSandbox.network === true && userSandbox.network !== true) {
      ignored.push('sandbox.network true');
      delete projectSandbox.network;
    }
    if (projectSandbox.required === false && userSandbox.required === true) {
      ignored.push('sandbox.required false');
      delete projectSandbox.required;
    }
    // Where commands may connect is the person's choice too.
    if (project.network !== undefined && JSON.stringify(project.network) !== JSON.stringify(user.network)) {
      ignored.push(`network ${JSON.stringify(project.network)}`);
    }
    // Which engine runs the commands, from which image and within which limits is the person's
    // choice: a cloned repository naming an engine could send its commands anywhere.
    for (const key of ['provider', 'image', 'engine', 'limits'] as const) {
      if (
        projectSandbox[key] !== undefined &&
        JSON.stringify(projectSandbox[key]) !== JSON.stringify(userSandbox[key])
      ) {
        ignored.push(`sandbox.${key} ${JSON.stringify(projectSandbox[key])}`);
        delete projectSandbox[key];
      }
    }
    // Where the prompts and the provider key go is the person's choice, not a cloned repository's.
    if (model !== undefined && model !== user.model) {
      ignored.push(`model ${JSON.stringify(model)}`);
      model = undefined;
    }
    if (baseURL !== undefined && baseURL !== user.baseURL) {
      ignored.push(`baseURL ${JSON.stringify(baseURL)}`);
      baseURL = undefined;
    }
    // A bound the user did not set is none (the calls per step: the default), so any value lowers it.
    const kept = { ...user.limits };
    for (const [key, value] of Object.entries(project.limits ?? {}) as [keyof typeof kept, number][]) {
      const base =
        user.limits?.[key] ??
        (key === 'maxToolCallsPerStep'
          ? DEFAULT_MAX_TOOL_CALLS_PER_STEP
          : key === 'spillBytesPerSession'
            ? DEFAULT_SPILL_BYTES_PER_SESSION
            : Infinity);
      if (value > base) ignored.push(`limits.${key} ${value}`);
      else kept[key] = value;
    }
    limits = kept;
    if (projectAgents.length > 0) {
      ignored.push(`agents ${JSON.stringify(projectAgents.map((agent) => agent.name))}`);
      projectAgents = [];
    }
    const base = user.approval ?? 'safe';
    // Only a mode at least as strict on every call: a looser one, or one that is stricter for some
    // calls and looser for others (plan or dont-ask over manual), is the person's choice.
    if (approval !== undefined && !isAtLeastAsStrict(approval, base)) {
      ignored.push(`approval ${JSON.stringify(approval)}`);
      approval = undefined;
    }
    if (projectWorkspace.allowOutsideWorkspace === true && userWorkspace.allowOutsideWorkspace !== true) {
      ignored.push('workspace.allowOutsideWorkspace true');
      delete projectWorkspace.allowOutsideWorkspace;
    }
    if (project.hooks !== undefined) ignored.push('hooks');
    if (project.audit !== undefined) {
      ignored.push(`audit ${JSON.stringify(project.audit)}`);
      audit = user.audit;
    }
    if (project.secrets !== undefined) {
      const added = project.secrets.filter((pattern) => !pattern.startsWith('!'));
      const loosening = project.secrets.filter((pattern) => pattern.startsWith('!'));
      if (loosening.length > 0 || project.secrets.length === 0)
        ignored.push(`secrets ${JSON.stringify(project.secrets.length === 0 ? [] : loosening)}`);
      const base = user.secrets ?? DEFAULT_SECRET_PATTERNS;
      secrets = added.length > 0 ? [...base, ...added] : user.secrets;
    }
    // A module is code that runs in the session; a replacement swaps a built-in for one.
    if (projectTools.modules !== undefined && projectTools.modules.length > 0) {
      ignored.push(`tools.modules ${JSON.stringify(projectTools.modules)}`);
      delete projectTools.modules;
    }
    if (projectTools.replace !== undefined && Object.keys(projectTools.replace).length > 0) {
      ignored.push(`tools.replace ${JSON.stringify(projectTools.replace)}`);
      delete projectTools.replace;
    }
    if (projectWorkspace.readRoots !== undefined && projectWorkspace.readRoots.length > 0) {
      ignored.push(`workspace.readRoots ${JSON.stringify(projectWorkspace.readRoots)}`);
      delete projectWorkspace.readRoots;
    }
  }
  const protectedPaths = unique([
    ...(userWorkspace.protectedPaths ?? []),
    ...(projectWorkspace.protectedPaths ?? []),
  ]);
  const workspace = {
    ...userWorkspace,
    ...projectWorkspace,
    ...(protectedPaths.length > 0 ? { protectedPaths } : {}),
  };
  const modules = unique([...(user.tools?.modules ?? []), ...(projectTools.modules ?? [])]);
  const disable = unique([...(user.tools?.disable ?? []), ...(projectTools.disable ?? [])]);
  const replace = { ...user.tools?.replace, ...projectTools.replace };
  const tools = {
    ...user.tools,
    ...projectTools,
    ...(modules.length > 0 ? { modules } : {}),
    ...(disable.length > 0 ? { disable } : {}),
    ...(Object.keys(replace).length > 0 ? { replace } : {}),
    ...(user.tools?.read_file || projectTools.read_file
      ? { read_file: { ...user.tools?.read_file, ...projectTools.read_file } }
      : {}),
    ...(user.tools?.bash || projectTools.bash ? { bash: { ...user.tools?.bash, ...projectTools.bash } } : {}),
    ...(user.tools?.search || projectTools.search
      ? { search: { ...user.tools?.search, ...projectTools.search } }
      : {}),
  };
  const sandbox = { ...userSandbox, ...projectSandbox };
  const network = trusted ? (project.network ?? user.network) : user.network;
  const agents = [
    ...(user.agents ?? []).filter((agent) => !projectAgents.some((other) => other.name === agent.name)),
    ...projectAgents,
  ];
  // The store holds the person's sessions of every workspace: its retention is theirs alone.
  if (!trusted && project.sessions !== undefined) ignored.push('sessions');
  const approvalInEffect = approval ?? user.approval;
  const modelInEffect = model ?? user.model;
  const baseURLInEffect = baseURL ?? user.baseURL;
  const config: ToolgateConfig = {
    ...(modelInEffect === undefined ? {} : { model: modelInEffect }),
    ...(baseURLInEffect === undefined ? {} : { baseURL: baseURLInEffect }),
    ...(approvalInEffect === undefined ? {} : { approval: approvalInEffect }),
    ...(Object.keys(workspace).length > 0 ? { workspace } : {}),
    ...(Object.keys(tools).length > 0 ? { tools } : {}),
    ...(Object.keys(sandbox).length > 0 ? { sandbox } : {}),
    ...(network === undefined ? {} : { network }),
    ...(secrets === undefined ? {} : { secrets }),
    ...(audit === undefined ? {} : { audit }),
    ...(agents.length > 0 ? { agents } : {}),
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
    ...(user.sessions === undefined ? {} : { sessions: user.sessions }),
  };
  return { config, ignored };
}
