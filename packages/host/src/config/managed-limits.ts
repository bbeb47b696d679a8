import type { ApprovalMode } from '@toolgate/core';
import { SANDBOX_MODES, type SandboxMode } from '@toolgate/sandbox-bwrap';
import type { SessionSandboxSettings } from '../sandbox/open-session-sandbox.js';
import { isLooserMode } from './approval-mode-strictness.js';
import { managedSource } from './load-managed-policy.js';
import type { ManagedPolicy } from './managed-policy.js';

/** The mode a session runs in when `asked` is asked for: `asked`, or the managed floor when `asked` is looser. */
export function managedMode(managed: ManagedPolicy, asked: ApprovalMode): ApprovalMode {
  const floor = managed.leastStrictApproval?.mode;
  return floor !== undefined && isLooserMode(asked, floor) ? floor : asked;
}

/**
 * The session's sandbox under the managed settings: the mode asked for (flag, then config), held
 * to the managed floor; a confined floor or `sandbox.required` makes the sandbox required (the
 * default falls back to no sandbox otherwise); a managed `network: false` keeps the network off.
 */
export function managedSandbox(
  managed: ManagedPolicy,
  asked: { readonly flag?: SandboxMode; readonly config?: SandboxMode },
  base: Pick<SessionSandboxSettings, 'network' | 'requiredBy'>,
): SessionSandboxSettings {
  const { leastStrict, requiredBy, networkOffBy } = managed.sandbox;
  let mode = asked.flag ?? asked.config;
  if (
    leastStrict !== undefined &&
    (mode === undefined || SANDBOX_MODES.indexOf(mode) > SANDBOX_MODES.indexOf(leastStrict.mode))
  )
    mode = mode === undefined && leastStrict.mode === 'danger-full-access' ? undefined : leastStrict.mode;
  const floorConfines = leastStrict !== undefined && leastStrict.mode !== 'danger-full-access';
  const managedRequired =
    requiredBy !== undefined
      ? `sandbox.required in ${managedSource(requiredBy)}`
      : floorConfines
        ? `sandbox.leastStrict in ${managedSource(leastStrict.file)}`
        : undefined;
  const required = base.requiredBy ?? managedRequired;
  return {
    ...(mode === undefined ? {} : { mode }),
    network: networkOffBy === undefined ? base.network : false,
    ...(required === undefined ? {} : { requiredBy: required }),
  };
}

/**
 * Why the managed allowlist refuses an MCP server, or `undefined` when it admits it (or there is
 * none): a server is admitted when an entry names it with its command (stdio) or URL (remote).
 */
export function managedMcpRefusal(
  managed: ManagedPolicy,
  name: string,
  server: { readonly type: string; readonly command?: string; readonly url?: string },
): string | undefined {
  const allowed = managed.allowedMcpServers;
  if (!allowed) return undefined;
  const admitted = allowed.servers.some(
    (entry) =>
      entry.name === name &&
      (server.type === 'stdio' ? entry.command === server.command : entry.url === server.url),
  );
  return admitted
    ? undefined
    : `not in the MCP allowlist of ${managedSource(allowed.file)} (mcp.allowedServers)`;
}
