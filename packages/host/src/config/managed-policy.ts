import type { ApprovalMode } from '@toolgate/core';
import type { PermissionRule } from '@toolgate/rules';
import type { SandboxMode } from '@toolgate/sandbox-bwrap';
import type { HookSettings } from '../hooks/hook-settings.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';
import type { TelemetryConfig } from './user-config-schema.js';

/** The `limits` of a config. */
type ToolgateLimits = NonNullable<ToolgateConfig['limits']>;

/** One MCP server a managed allowlist admits. */
export interface ManagedMcpServer {
  readonly name: string;
  readonly command?: string | undefined;
  readonly url?: string | undefined;
}

/**
 * The managed settings in effect (every managed file read, layered so the extra one only adds
 * restrictions). Empty, with no `files`, when the machine has none.
 */
export interface ManagedPolicy {
  /** The managed files read, the system's first. */
  readonly files: readonly string[];
  /** The least strict approval mode allowed, and the file that set it. */
  readonly leastStrictApproval?: { readonly mode: ApprovalMode; readonly file: string };
  /** The managed rules, each naming its file as `managed settings <file>`. */
  readonly rules: readonly PermissionRule[];
  /** The file that set `allowManagedRulesOnly`: the user's and the workspace's allows are dropped. */
  readonly managedRulesOnly?: string;
  readonly sandbox: {
    /** The file that set `sandbox.required`. */
    readonly requiredBy?: string;
    /** The least confined sandbox mode allowed, and the file that set it. */
    readonly leastStrict?: { readonly mode: SandboxMode; readonly file: string };
    /** The file that turned the network off for good. */
    readonly networkOffBy?: string;
  };
  /** The managed hooks: they run first, in every session. */
  readonly hooks: HookSettings;
  /** The file that set `allowManagedHooksOnly`: the user's and the workspace's hooks never run. */
  readonly managedHooksOnly?: string;
  /** The MCP servers allowed to start; every server is allowed when absent. */
  readonly allowedMcpServers?: { readonly servers: readonly ManagedMcpServer[]; readonly file: string };
  /** The tool modules allowed; every module is allowed when absent. */
  readonly allowedModules?: { readonly modules: readonly string[]; readonly file: string };
  /** Ceilings of the limits, each with the file that set it. */
  readonly limits: {
    readonly [Key in keyof ToolgateLimits]?: { readonly value: number; readonly file: string };
  };
  /** Where traces go, and the file that says so. */
  readonly telemetry?: { readonly config: TelemetryConfig; readonly file: string };
  /** Audit logs every session writes. */
  readonly audit: readonly string[];
  /** What of the extra file was left out because it would have loosened the system file's. */
  readonly ignored: readonly string[];
}

/** No managed settings. */
export const NO_MANAGED_POLICY: ManagedPolicy = {
  files: [],
  rules: [],
  sandbox: {},
  hooks: {},
  limits: {},
  audit: [],
  ignored: [],
};
