import { dirname, isAbsolute, relative, sep } from 'node:path';
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
  /**
   * Existing paths inside the workspace bound read-only again (workspace-write); each directory
   * between one and the workspace root is made a mount point too (see {@link bwrapArguments}).
   */
  readonly protectedPaths: readonly string[];
  /**
   * Existing directories inside the workspace made mount points, with every directory between them
   * and the workspace root, but left writable: the nearest existing directory of a protected path
   * that does not exist yet. @default []
   */
  readonly pinnedDirectories?: readonly string[];
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

const isWithin = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

/**
 * The directories to self-bind so that none between the workspace root and a protected path can
 * be renamed or removed: a mount point cannot be (EBUSY), while a self-bind keeps it writable.
 * Nothing under a private or masked directory is pinned: there, renaming changes no host file,
 * and a bind would show the host's directory through the mask.
 */
function pinnedAncestors(layout: BwrapLayout): string[] {
  const { workspaceRoot } = layout;
  const covers = [
    ...(layout.home !== undefined && layout.home !== workspaceRoot && isWithin(layout.home, workspaceRoot)
      ? [layout.home]
      : []),
    ...layout.masked.map((mask) => mask.path),
  ];
  const protectedSet = new Set(layout.protectedPaths);
  const pinned = new Set<string>();
  const pinUpFrom = (directory: string) => {
    for (let current = directory; current !== workspaceRoot && isWithin(current, workspaceRoot); ) {
      if (!covers.some((cover) => isWithin(current, cover)) && !protectedSet.has(current))
        pinned.add(current);
      const parent = dirname(current);
      if (parent === current) break;
      current = parent;
    }
  };
  for (const path of layout.protectedPaths) pinUpFrom(dirname(path));
  for (const directory of layout.pinnedDirectories ?? []) pinUpFrom(directory);
  return [...pinned];
}

/**
 * The bubblewrap arguments (up to and including `--`) that confine one command: new user, pid,
 * ipc, uts, cgroup and network namespaces (the network shared back only when allowed), no
 * capabilities, killed with its parent, its own session (no terminal injection); the host root
 * read-only with a fresh `/proc`, a minimal `/dev`, a private `/tmp` and the home hidden; the
 * workspace bound read-write (or read-only), protected paths read-only and secrets masked; the
 * seccomp program read from `seccompFd`, applied to the command.
 * Every directory between the workspace root and a protected path (or a pinned directory) is
 * bound onto itself read-write: a mount point, so it can be neither renamed nor removed, and a
 * protected file cannot be swapped out by moving a directory above it (`mv hooks hooks.old &&
 * mkdir hooks`).
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
  if (layout.mode === 'workspace-write') {
    for (const directory of pinnedAncestors(layout)) {
      mounts.push({ path: directory, order: 1, args: ['--bind', directory, directory] });
    }
  }
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
