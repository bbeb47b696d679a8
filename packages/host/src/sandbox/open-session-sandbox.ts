import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ReadPolicy, Workspace } from '@toolgate/core';
import type { BwrapSandbox, SandboxMode } from '@toolgate/sandbox-bwrap';
import type { NetworkRefusal } from '@toolgate/sandbox-network';
import { SandboxRequiredError } from './sandbox-required-error.js';
import { workspaceRelative } from './workspace-relative.js';

/** Where a session's bash runs, as the flag and the config file ask. */
export interface SessionSandboxSettings {
  /** The mode asked for; absent means the default (workspace-write when bubblewrap works here). */
  readonly mode?: SandboxMode;
  readonly network: boolean;
  /** What demands a sandbox (a flag, a config key); absent when running unconfined is allowed. */
  readonly requiredBy?: string;
  /**
   * bash runs in a container instead of bubblewrap (`--sandbox-provider container`, or
   * `sandbox.provider` in the config); such a session never runs unconfined. Hooks that need a
   * sandbox still run in bubblewrap.
   */
  readonly container?: SessionContainerSettings;
  /** The network allowlist (`network` in the config): the sandbox's traffic goes out only through the proxy. */
  readonly allowlist?: {
    readonly allow: readonly string[];
    readonly mode?: 'full' | 'read-only' | undefined;
  };
}

/** Which sandbox confines bash. */
export type SandboxProvider = 'bwrap' | 'container';

/** The container a session's bash runs in (`sandbox.image`, `sandbox.engine`, `sandbox.limits`). */
export interface SessionContainerSettings {
  /** What chose the container, for errors. */
  readonly requiredBy: string;
  readonly image?: string;
  readonly engine?: string;
  readonly limits?: {
    readonly cpus?: number | undefined;
    readonly memoryBytes?: number | undefined;
    readonly pids?: number | undefined;
    readonly tmpBytes?: number | undefined;
  };
}

/** What the sandbox needs besides the settings. */
export interface SessionSandboxContext {
  readonly workspace: Workspace;
  /** Absolute directories the session may read (the config's read roots): shown read-only. */
  readonly readRoots: readonly string[];
  /** The config's protected paths: those inside the workspace, relative or absolute, stay read-only in the sandbox too. */
  readonly protectedPaths: readonly string[];
  /**
   * The read policy (deny rules for reading paths): what it denies in the workspace is masked in
   * the sandbox as secrets are, looked up again as each command starts. @default none
   */
  readonly readPolicy?: ReadPolicy | undefined;
  /** Receives the one-line notice when bash will run unconfined by default. */
  readonly notice: (line: string) => void;
  /** Hears each connection the network allowlist refused (the audit log). @default ignored */
  readonly onNetworkRefusal?: (refusal: NetworkRefusal) => void;
}

/**
 * Opens the session's bubblewrap sandbox, or none for danger-full-access. bubblewrap is run once
 * here; when it cannot run, a required sandbox fails closed (`SandboxRequiredError`) and the default
 * falls back to running unconfined with a one-line notice.
 */
export async function openSessionSandbox(
  settings: SessionSandboxSettings,
  context: SessionSandboxContext,
): Promise<BwrapSandbox | undefined> {
  const mode = settings.mode ?? 'workspace-write';
  // A network allowlist asks for less network than a sandbox's own: it is never answered with the
  // host's whole network, so it demands a sandbox as `sandbox.required` does.
  const requiredBy =
    settings.requiredBy ?? (settings.allowlist ? 'the network allowlist (network.allow)' : undefined);
  if (mode === 'danger-full-access') {
    if (requiredBy !== undefined) {
      throw new SandboxRequiredError(
        `${requiredBy} demands a sandbox, but the sandbox mode is danger-full-access. Use read-only or workspace-write.`,
      );
    }
    return undefined;
  }
  const { openBwrapSandbox, toolgateDirectories } = await import('@toolgate/sandbox-bwrap');
  const root = context.workspace.root;
  // toolgate's own directories are hidden in the sandbox, but a path that does not exist cannot
  // be: one inside the workspace is made now (empty, private), so no command can create it.
  for (const directory of toolgateDirectories(process.env, homedir())) {
    if ((await workspaceRelative(root, directory)) !== undefined)
      await mkdir(directory, { recursive: true, mode: 0o700 });
  }
  const protectedPaths = (
    await Promise.all(context.protectedPaths.map((path) => workspaceRelative(root, path)))
  ).filter((path): path is string => path !== undefined);
  const { readPolicy } = context;
  const { allowlist } = settings;
  const opening = await openBwrapSandbox({
    workspaceRoot: root,
    mode,
    network: settings.network,
    ...(allowlist
      ? {
          networkAllowlist: {
            allow: allowlist.allow,
            ...(allowlist.mode === undefined ? {} : { mode: allowlist.mode }),
            ...(context.onNetworkRefusal ? { onRefusal: context.onNetworkRefusal } : {}),
          },
        }
      : {}),
    readRoots: context.readRoots,
    protectedPaths,
    secrets: context.workspace.secrets.patterns,
    ...(readPolicy
      ? {
          readDenied: (path: string, directory: boolean) =>
            readPolicy({ realPath: join(root, path), displayPath: path, directory }) !== undefined,
        }
      : {}),
  });
  if (opening.ok) return opening.sandbox;
  if (requiredBy !== undefined) {
    throw new SandboxRequiredError(
      `${requiredBy} demands a sandbox, but none can run here: ${opening.reason}`,
    );
  }
  context.notice(`toolgate: bash runs unsandboxed (danger-full-access): ${opening.reason}`);
  return undefined;
}
