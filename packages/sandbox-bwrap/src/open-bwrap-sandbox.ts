import { randomUUID } from 'node:crypto';
import { mkdtemp, realpath, rm, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { createSecretMatcher, DEFAULT_SECRET_PATTERNS, InvalidOptionsError } from '@toolgate/core';
import type { AllowlistProxy, RelayNamespace, SandboxNetworkOptions } from '@toolgate/sandbox-network';
import type { LocalSandboxSession } from '@toolgate/tools-shell';
import { bwrapArguments } from './bwrap-arguments.js';
import { findExecutable } from './find-executable.js';
import { findMaskedPaths, type MaskedPath, type ReadDenied } from './find-masked-paths.js';
import { runProbe } from './run-probe.js';
import { sandboxHostFiles } from './sandbox-host-files.js';
import { SECCOMP_FD, sandboxLauncher } from './sandbox-launcher.js';
import { type ConfinedSandboxMode, SANDBOX_MODES } from './sandbox-mode.js';
import { toolgateDirectories } from './toolgate-directories.js';
import { unixSocketFilter } from './unix-socket-filter.js';

/** Paths inside the workspace that stay read-only in `workspace-write`: history, hooks and configuration. */
export const DEFAULT_PROTECTED_PATHS: readonly string[] = [
  '.git',
  'toolgate.config.json',
  '.mcp.json',
  '.toolgate',
];

/** Options for {@link openBwrapSandbox}. */
export interface BwrapSandboxOptions {
  /** The workspace: bound read-write (`workspace-write`) or read-only (`read-only`). Absolute. */
  readonly workspaceRoot: string;
  readonly mode: ConfinedSandboxMode;
  /** Share the host's network. @default false */
  readonly network?: boolean;
  /**
   * Let the network out only to the hosts named, through toolgate's allowlist proxy: commands
   * join a network namespace whose one way out is a relay to the proxy (`HTTP_PROXY` and
   * `HTTPS_PROXY` point at it). Excludes `network: true`. @default none
   */
  readonly networkAllowlist?: SandboxNetworkOptions;
  /** Workspace-relative paths kept read-only in `workspace-write`, added to {@link DEFAULT_PROTECTED_PATHS}. @default [] */
  readonly protectedPaths?: readonly string[];
  /** File name patterns masked (shown empty) in the workspace, as the workspace's `secrets`; `[]` masks nothing. @default core's `DEFAULT_SECRET_PATTERNS` */
  readonly secrets?: readonly string[];
  /**
   * The host's read policy, asked for each workspace entry (root-relative with `/`) as each command
   * starts, like secrets: a denied file is masked (unreadable), a denied directory shown empty
   * and not walked. @default nothing is denied
   */
  readonly readDenied?: ReadDenied;
  /** Absolute paths shown read-only although they lie in the hidden home (`~/.cargo`, `~/.nvm`). @default [] */
  readonly readRoots?: readonly string[];
  /** The home directory hidden behind an empty private one. @default os.homedir() */
  readonly home?: string;
  /** Absolute paths hidden wherever they are (an empty directory or an unreadable file), read roots and workspace included. @default toolgate's config and state directories (`toolgateDirectories(process.env, home)`) */
  readonly hiddenPaths?: readonly string[];
  /** The bubblewrap executable: a name looked up on `PATH`, or a path. @default 'bwrap' */
  readonly bwrapPath?: string;
  /** The session id reported in results. @default `sbx_` and a random UUID */
  readonly id?: string;
  /** How long the check run at opening may take. @default 10000 */
  readonly probeTimeoutMs?: number;
}

/** A bubblewrap sandbox bound to one workspace; pass it to `createShellTools({ sandbox })`. */
export interface BwrapSandbox extends LocalSandboxSession {
  readonly providerId: 'bwrap';
  readonly mode: ConfinedSandboxMode;
  readonly network: boolean;
  readonly workspaceRoot: string;
  /** The bubblewrap executable used. */
  readonly bwrapPath: string;
  /** The allowlist, when the network goes out through the proxy. */
  readonly networkAllowlist: readonly string[] | undefined;
  /** Stops the allowlist proxy and its namespace, if any (commands started later get no network). Idempotent. */
  close(): Promise<void>;
}

/** What {@link openBwrapSandbox} found: a working sandbox, or why bubblewrap cannot run here. */
export type BwrapSandboxOpening =
  | { readonly ok: true; readonly sandbox: BwrapSandbox }
  | { readonly ok: false; readonly reason: string };

function isWithin(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

async function existingReal(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    return undefined;
  }
}

/** The real path of the nearest existing directory above `path`, if inside `root`. */
async function nearestExistingDirectory(path: string, root: string): Promise<string | undefined> {
  for (let current = dirname(path); isWithin(current, root); current = dirname(current)) {
    const real = await existingReal(current);
    if (real !== undefined) {
      const isDirectory = await stat(real).then(
        (found) => found.isDirectory(),
        () => false,
      );
      return isDirectory && isWithin(real, root) ? real : undefined;
    }
    if (current === root) return undefined;
  }
  return undefined;
}

function checkedOptions(options: BwrapSandboxOptions) {
  const { mode } = options;
  if (mode !== 'read-only' && mode !== 'workspace-write') {
    throw new InvalidOptionsError(
      `mode must be read-only or workspace-write (danger-full-access means no sandbox); got ${String(mode)}. Valid modes: ${SANDBOX_MODES.join(', ')}`,
    );
  }
  if (typeof options.workspaceRoot !== 'string' || !isAbsolute(options.workspaceRoot)) {
    throw new InvalidOptionsError(
      `workspaceRoot must be an absolute path; got ${String(options.workspaceRoot)}`,
    );
  }
  const protectedPaths = [...DEFAULT_PROTECTED_PATHS, ...(options.protectedPaths ?? [])].map((path) => {
    const normalized = normalize(path);
    if (path === '' || isAbsolute(path) || normalized === '..' || normalized.startsWith(`..${sep}`)) {
      throw new InvalidOptionsError(
        `protected path "${path}" must be relative to the workspace root and inside it (e.g. "scripts/release")`,
      );
    }
    return normalized;
  });
  for (const root of options.readRoots ?? []) {
    if (!isAbsolute(root)) throw new InvalidOptionsError(`read root "${root}" must be an absolute path`);
  }
  const home = options.home ?? homedir();
  if (!isAbsolute(home)) throw new InvalidOptionsError(`home must be an absolute path; got ${home}`);
  const hiddenPaths = options.hiddenPaths ?? toolgateDirectories(process.env, home);
  for (const path of hiddenPaths) {
    if (!isAbsolute(path)) throw new InvalidOptionsError(`hidden path "${path}" must be an absolute path`);
  }
  const probeTimeoutMs = options.probeTimeoutMs ?? 10_000;
  if (!Number.isInteger(probeTimeoutMs) || probeTimeoutMs <= 0) {
    throw new InvalidOptionsError(`probeTimeoutMs must be a positive integer; got ${probeTimeoutMs}`);
  }
  return {
    mode,
    protectedPaths,
    home,
    hiddenPaths,
    probeTimeoutMs,
    secrets: createSecretMatcher(options.secrets ?? DEFAULT_SECRET_PATTERNS),
  };
}

/**
 * Opens a bubblewrap sandbox for one session: resolves the paths, then runs bubblewrap once with
 * the session's own arguments, so a missing or non-working bubblewrap (no user namespaces, a
 * kernel or container that forbids them) is found now, not on the first command. Each command
 * is then confined afresh: secrets, protected and hidden paths are looked up when it starts.
 * Throws `InvalidOptionsError` on invalid options; an environment where bubblewrap cannot run is
 * `{ ok: false, reason }`.
 */
export async function openBwrapSandbox(options: BwrapSandboxOptions): Promise<BwrapSandboxOpening> {
  const { mode, protectedPaths, home, hiddenPaths, probeTimeoutMs, secrets } = checkedOptions(options);
  const network = options.network ?? false;
  const allowlist = options.networkAllowlist;
  if (allowlist && network) {
    throw new InvalidOptionsError(
      'network: true shares the whole host network; networkAllowlist lets out only the hosts it names. Pass one of them.',
    );
  }
  let relayPid: number | undefined;
  let relayPort: number | undefined;
  let nsenterPath: string | undefined;
  const bwrapName = options.bwrapPath ?? 'bwrap';
  const bwrapPath = await findExecutable(bwrapName, process.env.PATH ?? '');
  if (!bwrapPath) {
    return {
      ok: false,
      reason: `bubblewrap (${bwrapName}) was not found on PATH; install it (apt install bubblewrap, dnf install bubblewrap) or set its path.`,
    };
  }
  const workspaceRoot = await existingReal(options.workspaceRoot);
  if (!workspaceRoot || !(await stat(workspaceRoot)).isDirectory()) {
    throw new InvalidOptionsError(`workspaceRoot ${options.workspaceRoot} is not an existing directory`);
  }
  const program = unixSocketFilter();
  if (!program) {
    return {
      ok: false,
      reason: `no seccomp program for this architecture (${process.arch}): the sandbox could not keep host unix sockets out.`,
    };
  }
  const hostFiles = sandboxHostFiles(program);
  const realHome = await existingReal(home);
  const readRoots = (await Promise.all((options.readRoots ?? []).map(existingReal))).filter(
    (root): root is string => root !== undefined,
  );

  // What to hide, looked up per command; a path already inside the hidden home, and not under a
  // read root, is hidden with it.
  const hiddenNow = async (): Promise<{ hidden: MaskedPath[]; real: string[] }> => {
    const real = (await Promise.all(hiddenPaths.map(existingReal))).filter(
      (path): path is string =>
        path !== undefined &&
        (realHome === undefined ||
          realHome === '/' ||
          !isWithin(path, realHome) ||
          // The workspace is bound over the hidden home: a path inside it would show through.
          (workspaceRoot !== undefined && isWithin(path, workspaceRoot)) ||
          readRoots.some((root) => isWithin(path, root))),
    );
    const hidden = await Promise.all(
      real.map(async (path): Promise<MaskedPath> => {
        const isDirectory = await stat(path).then(
          (found) => found.isDirectory(),
          () => false,
        );
        return { path, kind: isDirectory ? 'directory' : 'file' };
      }),
    );
    return { hidden, real };
  };

  // A secret file is shown as a file of its size and mtime that nobody may read (see sandboxHostFiles).
  const withSource = async (mask: MaskedPath): Promise<MaskedPath> => {
    if (mask.kind !== 'file') return mask;
    try {
      const found = await stat(mask.path);
      if (!found.isFile()) return mask;
      const source = await hostFiles.maskFor({ size: found.size, mtimeMs: found.mtimeMs, mode: found.mode });
      return { ...mask, source };
    } catch {
      return mask;
    }
  };

  const invocationFor = async (
    workingDirectory: string,
    command: readonly string[],
    launcherOptions: readonly string[] = [],
  ) => {
    const [secretMasks, protectedFound, hiddenFound, filterPath] = await Promise.all([
      findMaskedPaths(workspaceRoot, (name) => secrets.match(name) !== undefined, options.readDenied),
      Promise.all(
        mode === 'workspace-write'
          ? protectedPaths.map(async (path) => {
              const real = await existingReal(join(workspaceRoot, path));
              // A protected path that does not exist yet: its nearest existing directory is pinned,
              // so at least no directory above it can be swapped.
              return real !== undefined
                ? { real }
                : { pinned: await nearestExistingDirectory(join(workspaceRoot, path), workspaceRoot) };
            })
          : [],
      ),
      hiddenNow(),
      hostFiles.filter(),
    ]);
    const masked = await Promise.all([...secretMasks, ...hiddenFound.hidden].map(withSource));
    const bwrapArgs = bwrapArguments({
      mode,
      // Joined to the relay's namespace, the sandbox shares that one: its only way out is the proxy.
      network: network || relayPid !== undefined,
      workspaceRoot,
      home: realHome,
      // A read root inside a hidden path would show it again.
      readRoots: readRoots.filter((root) => !hiddenFound.real.some((path) => isWithin(root, path))),
      // A protected path that links out of the workspace is read-only there already.
      protectedPaths: protectedFound
        .map((found) => found.real)
        .filter(
          (path): path is string =>
            path !== undefined && path !== workspaceRoot && isWithin(path, workspaceRoot),
        ),
      // A hidden path in the workspace is a mount point already; the directories above it are
      // pinned too, so it cannot be moved aside and made again.
      pinnedDirectories: [
        ...protectedFound.map((found) => found.pinned),
        ...hiddenFound.real.filter((path) => path !== workspaceRoot && isWithin(path, workspaceRoot)),
      ].filter((path): path is string => path !== undefined && path !== workspaceRoot),
      masked,
      workingDirectory,
      seccompFd: SECCOMP_FD,
    });
    const proxyUrl = `http://127.0.0.1:${relayPort}`;
    const joined =
      relayPid === undefined || nsenterPath === undefined
        ? { file: bwrapPath, prefix: [] as string[], env: [] as string[] }
        : {
            file: nsenterPath,
            prefix: [
              '--user',
              '--net',
              '--preserve-credentials',
              '--target',
              String(relayPid),
              '--',
              bwrapPath,
            ],
            env: ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'].flatMap((name) => [
              '--setenv',
              name,
              proxyUrl,
            ]),
          };
    return sandboxLauncher({
      bwrapPath: joined.file,
      filterPath,
      bwrapArgs: [...joined.prefix, ...launcherOptions, ...joined.env, ...bwrapArgs, ...command],
      gitSeesMasksUnchanged: masked.some((mask) => mask.source !== undefined),
    });
  };

  let proxy: AllowlistProxy | undefined;
  let relay: RelayNamespace | undefined;
  let proxyDirectory: string | undefined;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await relay?.stop().catch(() => {});
      await proxy?.close().catch(() => {});
      if (proxyDirectory) await rm(proxyDirectory, { recursive: true, force: true }).catch(() => {});
    })();
    return closing;
  };
  if (allowlist) {
    const nsenter = await findExecutable('nsenter', process.env.PATH ?? '');
    if (!nsenter) {
      return {
        ok: false,
        reason: 'the network allowlist needs nsenter (util-linux) on PATH to join its network namespace',
      };
    }
    nsenterPath = nsenter;
    // The proxy's code loads only for a sandbox that has an allowlist.
    const { startAllowlistProxy, startRelayNamespace } = await import('@toolgate/sandbox-network');
    try {
      proxyDirectory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-proxy-')));
      const socketPath = join(proxyDirectory, 'proxy.sock');
      proxy = await startAllowlistProxy({
        allow: allowlist.allow,
        ...(allowlist.mode === undefined ? {} : { mode: allowlist.mode }),
        ...(allowlist.resolve === undefined ? {} : { resolve: allowlist.resolve }),
        ...(allowlist.onRefusal === undefined ? {} : { onRefusal: allowlist.onRefusal }),
        listen: { socketPath },
      });
      relay = await startRelayNamespace({ bwrapPath, socketPath });
      relayPid = relay.pid;
      relayPort = relay.port;
    } catch (error) {
      await close();
      if (error instanceof InvalidOptionsError) throw error;
      return { ok: false, reason: `the network allowlist could not start: ${(error as Error).message}` };
    }
  }

  const probeInvocation = await invocationFor(workspaceRoot, ['/bin/sh', '-c', 'exit 0']);
  const probe = await runProbe(probeInvocation.file, probeInvocation.args, probeTimeoutMs);
  if (!probe.ok) {
    await close();
    return { ok: false, reason: `bubblewrap (${bwrapPath}) cannot create a sandbox here: ${probe.reason}` };
  }

  return {
    ok: true,
    sandbox: {
      id: options.id ?? `sbx_${randomUUID().replaceAll('-', '')}`,
      providerId: 'bwrap',
      mode,
      network,
      workspaceRoot,
      bwrapPath,
      networkAllowlist: proxy?.allowlist.entries,
      close,
      async wrapShell({ shell, workingDirectory, reportChild }) {
        // bubblewrap reports, on fd 3, the pid of its child: the sandbox's pid 1, which leaves the
        // launcher's session and binds itself to the launcher's life only at the end of set-up,
        // so a stop during set-up must kill it by pid. A launcher another program spawns (an
        // editor's terminal) has no fd 3.
        const reports = reportChild !== false;
        const { file, args } = await invocationFor(
          workingDirectory,
          [shell.file, ...shell.args],
          reports ? ['--info-fd', '3'] : [],
        );
        return reports ? { file, args, reportsChildPidOnFd3: true } : { file, args };
      },
    },
  };
}
