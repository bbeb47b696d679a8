import type { MaskedPath } from './find-masked-paths.js';
import type { ConfinedSandboxMode } from './sandbox-mode.js';

/** Everything the bubblewrap command line of one command depends on; every path absolute and real. */
export interface BwrapLayout {
  readonly mode: ConfinedSandboxMode;
  /** Share the host's network namespace back. */
  readonly network: boolean;
  readonly workspaceRoot: string;
  /** The user's home, hidden behind an empty private directory; undefined hides nothing. */
  readonly home: string | undefined;
  /** Shown read-only even inside the hidden home. */
  readonly readRoots: readonly string[];
  /** Existing paths inside the workspace bound read-only again (workspace-write). */
  readonly protectedPaths: readonly string[];
  /** Secrets shown empty. */
  readonly masked: readonly MaskedPath[];
  /** Where the command starts. */
  readonly workingDirectory: string;
  /** The descriptor bubblewrap reads a seccomp program from (`--seccomp`); undefined loads none. */
  readonly seccompFd?: number;
}

interface Mount {
  readonly path: string;
  /** Among mounts at the same depth: a private directory first, then binds, then what covers them. */
  readonly order: number;
  readonly args: readonly string[];
}

const depthOf = (path: string): number => (path === '/' ? 0 : path.split('/').length - 1);

/**
 * The bubblewrap arguments (up to and including `--`) that confine one command: new user, pid,
 * ipc, uts, cgroup and network namespaces (the network shared back only when allowed), no
 * capabilities, killed with its parent, its own session (no terminal injection); the host root
 * read-only with a fresh `/proc`, a minimal `/dev`, a private `/tmp` and the home hidden; the
 * workspace bound read-write (or read-only), protected paths read-only and secrets masked; the
 * seccomp program read from `seccompFd`, applied to the command.
 * Mounts are ordered parents first, so a deeper mount is never covered by a shallower one.
 */
export function bwrapArguments(layout: BwrapLayout): string[] {
  const mounts: Mount[] = [{ path: '/tmp', order: 0, args: ['--tmpfs', '/tmp'] }];
  if (layout.home !== undefined && layout.home !== '/') {
    mounts.push({ path: layout.home, order: 0, args: ['--tmpfs', layout.home] });
  }
  const workspaceBind = layout.mode === 'workspace-write' ? '--bind' : '--ro-bind';
  mounts.push({
    path: layout.workspaceRoot,
    order: 1,
    args: [workspaceBind, layout.workspaceRoot, layout.workspaceRoot],
  });
  for (const root of layout.readRoots) {
    mounts.push({ path: root, order: 2, args: ['--ro-bind-try', root, root] });
  }
  for (const path of layout.protectedPaths) {
    mounts.push({ path, order: 3, args: ['--ro-bind', path, path] });
  }
  for (const { path, kind, source } of layout.masked) {
    mounts.push({
      path,
      order: 4,
      args:
        kind === 'file'
          ? ['--ro-bind', source ?? '/dev/null', path]
          : ['--tmpfs', path, '--remount-ro', path],
    });
  }
  mounts.sort((a, b) => depthOf(a.path) - depthOf(b.path) || a.order - b.order);
  return [
    '--unshare-user',
    '--unshare-all',
    ...(layout.network ? ['--share-net'] : []),
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    ...mounts.flatMap((mount) => mount.args),
    ...(layout.seccompFd !== undefined ? ['--seccomp', String(layout.seccompFd)] : []),
    '--chdir',
    layout.workingDirectory,
    '--',
  ];
}
