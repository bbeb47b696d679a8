import { mkdir, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import type { ReadPolicy, Workspace } from '@toolgate/core';
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
  /** The config's protected paths: those inside the workspace, relative or absolute, stay read-only in the sandbox too. */
  readonly protectedPaths: readonly string[];
  /**
   * The read policy (deny rules for reading paths): what it denies in the workspace is masked in
   * the sandbox as secrets are, looked up again as each command starts. @default none
   */
  readonly readPolicy?: ReadPolicy | undefined;
  /** Receives the one-line notice when bash will run unconfined by default. */
  readonly notice: (line: string) => void;
}

/** A path relative to the workspace root when it lies inside it (an absolute one too), else undefined. */
async function workspaceRelative(root: string, path: string): Promise<string | undefined> {
  let absolute = isAbsolute(path) ? normalize(path) : normalize(`${root}${sep}${path}`);
  if (isAbsolute(path)) {
    // The real path when it exists; else its nearest existing directory's, with the rest as given.
    for (let rest = '', current = absolute; ; ) {
      const real = await realpath(current).catch(() => undefined);
      if (real !== undefined) {
        absolute = rest === '' ? real : join(real, rest);
        break;
      }
      const parent = dirname(current);
      if (parent === current) break;
      rest = rest === '' ? relative(parent, current) : join(relative(parent, current), rest);
      current = parent;
    }
  }
  const rel = relative(root, absolute);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel) ? rel : undefined;
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
  if (mode === 'danger-full-access') {
    if (settings.requiredBy !== undefined) {
      throw new SandboxRequiredError(
        `${settings.requiredBy} demands a sandbox, but the sandbox mode is danger-full-access. Use read-only or workspace-write.`,
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
  const opening = await openBwrapSandbox({
    workspaceRoot: root,
    mode,
    network: settings.network,
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
  if (settings.requiredBy !== undefined) {
    throw new SandboxRequiredError(
      `${settings.requiredBy} demands a sandbox, but none can run here: ${opening.reason}`,
    );
  }
  context.notice(`toolgate: bash runs unsandboxed (danger-full-access): ${opening.reason}`);
  return undefined;
}
