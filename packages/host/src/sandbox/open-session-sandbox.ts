import { isAbsolute, normalize, relative, sep } from 'node:path';
import type { Workspace } from '@toolgate/core';
import type { BwrapSandbox, SandboxMode } from '@toolgate/sandbox-bwrap';
import { SandboxRequiredError } from './sandbox-required-error.js';

/** Where a session's bash runs, as the flag and the config file ask. */
export interface SessionSandboxSettings {
  /** The mode asked for; absent means the default (workspace-write when bubblewrap works here). */
  readonly mode?: SandboxMode;
  readonly network: boolean;
  /** What demands a sandbox (a flag, a config key); absent when running unconfined is allowed. */
  readonly requiredBy?: string;
}

/** What the sandbox needs besides the settings. */
export interface SessionSandboxContext {
  readonly workspace: Workspace;
  /** Absolute directories the session may read (the config's read roots): shown read-only. */
  readonly readRoots: readonly string[];
  /** The config's protected paths: those inside the workspace stay read-only in the sandbox too. */
  readonly protectedPaths: readonly string[];
  /** Receives the one-line notice when bash will run unconfined by default. */
  readonly notice: (line: string) => void;
}

const insideWorkspace = (root: string, path: string): boolean => {
  const rel = relative(root, normalize(`${root}${sep}${path}`));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(path);
};

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
  if (mode === 'danger-full-access') {
    if (settings.requiredBy !== undefined) {
      throw new SandboxRequiredError(
        `${settings.requiredBy} demands a sandbox, but the sandbox mode is danger-full-access. Use read-only or workspace-write.`,
      );
    }
    return undefined;
  }
  const { openBwrapSandbox } = await import('@toolgate/sandbox-bwrap');
  const root = context.workspace.root;
  const opening = await openBwrapSandbox({
    workspaceRoot: root,
    mode,
    network: settings.network,
    readRoots: context.readRoots,
    protectedPaths: context.protectedPaths.filter((path) => insideWorkspace(root, path)),
    secrets: context.workspace.secrets.patterns,
  });
  if (opening.ok) return opening.sandbox;
  if (settings.requiredBy !== undefined) {
    throw new SandboxRequiredError(
      `${settings.requiredBy} demands a sandbox, but none can run here: ${opening.reason}`,
    );
  }
  context.notice(`toolgate: bash runs unsandboxed (danger-full-access): ${opening.reason}`);
  return undefined;
}
