import { parsePermissionRules } from '@toolgate/rules';
import { SANDBOX_MODES, type SandboxMode } from '@toolgate/sandbox-bwrap';
import { hookSettingsOfConfig } from '../hooks/hook-settings-of-config.js';
import { stricterMode } from './approval-mode-strictness.js';
import { ConfigError } from './config-error.js';
import { loadConfigFile } from './load-toolgate-config.js';
import { type ManagedMcpServer, type ManagedPolicy, NO_MANAGED_POLICY } from './managed-policy.js';
import type { ManagedSettingsFile } from './managed-settings-schema.js';
import { systemManagedSettingsFile } from './system-managed-settings-file.js';

/** The variable naming one more managed file (tests, images that bake the file elsewhere). */
export const MANAGED_SETTINGS_VARIABLE = 'TOOLGATE_MANAGED_SETTINGS';

/** How rules, hooks and refusals name a managed file. */
export function managedSource(file: string): string {
  return `managed settings ${file}`;
}

async function readManagedFile(file: string, required: boolean): Promise<ManagedSettingsFile | undefined> {
  try {
    const loaded = await loadConfigFile(
      file,
      async () => (await import('./managed-settings-schema.js')).MANAGED_SETTINGS_SCHEMA,
      { required },
    );
    return Object.keys(loaded).length === 0 && !required ? undefined : loaded;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Fail closed: a policy that cannot be read is not a policy that is absent.
    throw new ConfigError(
      `${error.message}\nThis is a managed settings file: no session starts until it can be read and is valid (ask whoever manages this machine).`,
    );
  }
}

const sandboxRank = (mode: SandboxMode) => SANDBOX_MODES.indexOf(mode);

/** The policy of one managed file. */
function policyOf(file: string, settings: ManagedSettingsFile): ManagedPolicy {
  const source = managedSource(file);
  const { allowManagedRulesOnly, ...lists } = settings.permissions ?? {};
  const { allowManagedHooksOnly, ...hookLists } = settings.hooks ?? {};
  const leastStrict = settings.approval?.leastStrict;
  const sandboxFloor = settings.sandbox?.leastStrict;
  return {
    files: [file],
    ...(leastStrict === undefined ? {} : { leastStrictApproval: { mode: leastStrict, file } }),
    rules: parsePermissionRules(lists, source).rules,
    ...(allowManagedRulesOnly ? { managedRulesOnly: file } : {}),
    sandbox: {
      ...(settings.sandbox?.required ? { requiredBy: file } : {}),
      ...(sandboxFloor === undefined ? {} : { leastStrict: { mode: sandboxFloor, file } }),
      ...(settings.sandbox?.network === false ? { networkOffBy: file } : {}),
    },
    hooks: hookSettingsOfConfig([{ config: { hooks: hookLists }, source }]),
    ...(allowManagedHooksOnly ? { managedHooksOnly: file } : {}),
    ...(settings.mcp?.allowedServers
      ? { allowedMcpServers: { servers: settings.mcp.allowedServers, file } }
      : {}),
    ...(settings.tools?.allowedModules
      ? { allowedModules: { modules: settings.tools.allowedModules, file } }
      : {}),
    limits: Object.fromEntries(
      Object.entries(settings.limits ?? {}).map(([key, value]) => [key, { value, file }]),
    ),
    ...(settings.telemetry ? { telemetry: { config: settings.telemetry, file } } : {}),
    audit: settings.audit === undefined ? [] : [settings.audit],
    ignored: [],
  };
}

const sameServer = (left: ManagedMcpServer, right: ManagedMcpServer) =>
  left.name === right.name && left.command === right.command && left.url === right.url;

/** Each ceiling of either, the lower one where both set it. */
function lowerLimits(left: ManagedPolicy['limits'], right: ManagedPolicy['limits']): ManagedPolicy['limits'] {
  const limits: Record<string, { readonly value: number; readonly file: string }> = { ...left };
  for (const [key, ceiling] of Object.entries(right))
    if (ceiling && (limits[key] === undefined || ceiling.value < limits[key].value)) limits[key] = ceiling;
  return limits;
}

/**
 * The system file's policy with the extra file's restrictions added: its deny and ask rules, its
 * `allowManaged…Only` flags, a stricter floor, `required`, the network off, its audit log, and
 * allowlists narrowed to what both admit. Its allow rules and hooks are left out (a rule's allow
 * or a hook's approve could let a call run that the system file would have asked about).
 */
function addRestrictions(system: ManagedPolicy, extra: ManagedPolicy): ManagedPolicy {
  const ignored = [...system.ignored];
  if (extra.rules.some((rule) => rule.list === 'allow')) ignored.push('permissions.allow');
  if (Object.values(extra.hooks).some((list) => (list?.length ?? 0) > 0)) ignored.push('hooks');
  const approval =
    system.leastStrictApproval && extra.leastStrictApproval
      ? stricterMode(system.leastStrictApproval.mode, extra.leastStrictApproval.mode) ===
        system.leastStrictApproval.mode
        ? system.leastStrictApproval
        : extra.leastStrictApproval
      : (system.leastStrictApproval ?? extra.leastStrictApproval);
  const floor =
    system.sandbox.leastStrict && extra.sandbox.leastStrict
      ? sandboxRank(extra.sandbox.leastStrict.mode) < sandboxRank(system.sandbox.leastStrict.mode)
        ? extra.sandbox.leastStrict
        : system.sandbox.leastStrict
      : (system.sandbox.leastStrict ?? extra.sandbox.leastStrict);
  const servers =
    system.allowedMcpServers && extra.allowedMcpServers
      ? {
          servers: system.allowedMcpServers.servers.filter((server) =>
            extra.allowedMcpServers!.servers.some((other) => sameServer(server, other)),
          ),
          file: extra.allowedMcpServers.file,
        }
      : (system.allowedMcpServers ?? extra.allowedMcpServers);
  const modules =
    system.allowedModules && extra.allowedModules
      ? {
          modules: system.allowedModules.modules.filter((module) =>
            extra.allowedModules!.modules.includes(module),
          ),
          file: extra.allowedModules.file,
        }
      : (system.allowedModules ?? extra.allowedModules);
  const rulesOnly = system.managedRulesOnly ?? extra.managedRulesOnly;
  const hooksOnly = system.managedHooksOnly ?? extra.managedHooksOnly;
  const requiredBy = system.sandbox.requiredBy ?? extra.sandbox.requiredBy;
  const networkOffBy = system.sandbox.networkOffBy ?? extra.sandbox.networkOffBy;
  return {
    files: [...system.files, ...extra.files],
    ...(approval ? { leastStrictApproval: approval } : {}),
    rules: [...system.rules, ...extra.rules.filter((rule) => rule.list !== 'allow')],
    ...(rulesOnly ? { managedRulesOnly: rulesOnly } : {}),
    sandbox: {
      ...(requiredBy ? { requiredBy } : {}),
      ...(floor ? { leastStrict: floor } : {}),
      ...(networkOffBy ? { networkOffBy } : {}),
    },
    hooks: system.hooks,
    ...(hooksOnly ? { managedHooksOnly: hooksOnly } : {}),
    ...(servers ? { allowedMcpServers: servers } : {}),
    ...(modules ? { allowedModules: modules } : {}),
    limits: lowerLimits(system.limits, extra.limits),
    // Where traces go is the system file's to say; the extra file names it only without one.
    ...((system.telemetry ?? extra.telemetry) ? { telemetry: (system.telemetry ?? extra.telemetry)! } : {}),
    audit: [...system.audit, ...extra.audit],
    ignored,
  };
}

/** Options of {@link loadManagedPolicy}. */
export interface LoadManagedPolicyOptions {
  /** `TOOLGATE_MANAGED_SETTINGS`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The system's managed file. @default `systemManagedSettingsFile()` */
  readonly systemFile?: string;
}

/**
 * Reads the managed settings: the system's file (absent is no policy), then the file
 * `TOOLGATE_MANAGED_SETTINGS` names (which must exist), which only adds restrictions to the
 * system's. Throws {@link ConfigError} when a managed file exists but cannot be read or is not
 * valid: every host refuses to start a session, saying why (fail closed).
 */
export async function loadManagedPolicy(options: LoadManagedPolicyOptions): Promise<ManagedPolicy> {
  const systemFile = options.systemFile ?? systemManagedSettingsFile();
  const extraFile = options.env[MANAGED_SETTINGS_VARIABLE]?.trim() || undefined;
  if (extraFile !== undefined && !extraFile.startsWith('/'))
    throw new ConfigError(
      `${MANAGED_SETTINGS_VARIABLE} must name a managed settings file by its absolute path; got ${JSON.stringify(extraFile)}.`,
    );
  const system = await readManagedFile(systemFile, false);
  const extra = extraFile === undefined ? undefined : await readManagedFile(extraFile, true);
  const systemPolicy = system ? policyOf(systemFile, system) : undefined;
  const extraPolicy = extra && extraFile ? policyOf(extraFile, extra) : undefined;
  if (systemPolicy && extraPolicy) return addRestrictions(systemPolicy, extraPolicy);
  return systemPolicy ?? extraPolicy ?? NO_MANAGED_POLICY;
}
