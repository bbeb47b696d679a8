import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join, normalize, sep } from 'node:path';
import type { Writable } from 'node:stream';
import { createSecretMatcher, DEFAULT_SECRET_PATTERNS, InvalidOptionsError } from '@toolgate/core';
import {
  type ConfinedSandboxMode,
  DEFAULT_PROTECTED_PATHS,
  findMaskedPaths,
  type MaskedPath,
  type ReadDenied,
  SANDBOX_MODES,
  toolgateDirectories,
} from '@toolgate/sandbox-bwrap';
import type { AllowlistProxy, NetnsRelay, SandboxNetworkOptions } from '@toolgate/sandbox-network';
import type { SandboxCommandResult, SandboxProcess, SandboxSession } from '@toolgate/tools-shell';
import { containerMounts, resolveProtectedPaths } from './container-mounts.js';
import { runToEnd, startContainerProcess } from './container-process.js';
import { describeEngine, engineAddress } from './engine/engine-address.js';
import { createEngineClient, type EngineClient, EngineError } from './engine/engine-client.js';
import {
  OWNER_LABEL,
  ownerOfThisProcess,
  reapStaleContainers,
  SANDBOX_LABEL,
  SESSION_LABEL,
} from './session-owner.js';

/** What a container may use; what bubblewrap cannot limit. */
export interface ContainerLimits {
  /** CPUs (fractions allowed). @default 2 */
  readonly cpus?: number;
  /** Memory in bytes, swap included (the container gets no swap beyond it). @default 2 GiB */
  readonly memoryBytes?: number;
  /** Processes and threads at once. @default 512 */
  readonly pids?: number;
  /** Size of the private `/tmp` (memory-backed). @default 1 GiB */
  readonly tmpBytes?: number;
}

/** The limits a session gets when it names none. */
export const DEFAULT_CONTAINER_LIMITS: Required<ContainerLimits> = {
  cpus: 2,
  memoryBytes: 2 * 1024 ** 3,
  pids: 512,
  tmpBytes: 1024 ** 3,
};

/** Options for {@link openContainerSandbox}. */
export interface ContainerSandboxOptions {
  /** The workspace, bound at the same path: read-write (`workspace-write`) or read-only. Absolute. */
  readonly workspaceRoot: string;
  readonly mode: ConfinedSandboxMode;
  /** The image, present in the engine already (toolgate never pulls): a name, `name:tag` or id. */
  readonly image: string;
  /** The engine, as `DOCKER_HOST` names one (`unix:///run/podman/podman.sock`, `tcp://host:2376`). @default `DOCKER_HOST`, else `unix:///var/run/docker.sock` */
  readonly engine?: string;
  /** Workspace-relative paths kept read-only in `workspace-write`, added to `DEFAULT_PROTECTED_PATHS`. @default [] */
  readonly protectedPaths?: readonly string[];
  /** File name patterns made unreadable in the workspace. @default core's `DEFAULT_SECRET_PATTERNS` */
  readonly secrets?: readonly string[];
  /** The host's read policy: a denied file is masked, a denied directory shown empty (looked up once, at opening). */
  readonly readDenied?: ReadDenied;
  /** Absolute paths hidden when they lie in the workspace. @default toolgate's config and state directories */
  readonly hiddenPaths?: readonly string[];
  readonly limits?: ContainerLimits;
  /** `uid:gid` commands run as. @default this process's uid and gid */
  readonly user?: string;
  /** Environment of every command, over `PATH`, `HOME=/tmp` and `TMPDIR=/tmp`. @default {} */
  readonly env?: Readonly<Record<string, string>>;
  /** How long opening (engine calls, the check exec) may take. @default 60000 */
  readonly openTimeoutMs?: number;
  /**
   * Let the network out to the hosts named, through toolgate's allowlist proxy (the container
   * stays on `--network none`; a relay in its network namespace is the one way out).
   * @default no network at all
   */
  readonly network?: SandboxNetworkOptions;
}

/** A container bound to one session; pass it to `createShellTools({ sandbox })`, close it with the session. */
export interface ContainerSandbox extends SandboxSession {
  readonly providerId: 'container';
  /** The container's id, reported in results as `sandboxSessionId`. */
  readonly id: string;
  readonly mode: ConfinedSandboxMode;
  readonly image: string;
  readonly workspaceRoot: string;
  /** The engine, as an address (`unix:///var/run/docker.sock`). */
  readonly engine: string;
  startProcess: NonNullable<SandboxSession['startProcess']>;
  /** Removes the container (and everything running in it). Idempotent. */
  close(): Promise<void>;
}

/** What {@link openContainerSandbox} found: a running container, or why there is none. */
export type ContainerSandboxOpening =
  | { readonly ok: true; readonly sandbox: ContainerSandbox }
  | { readonly ok: false; readonly reason: string };

const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

function positive(name: string, value: number | undefined, fallback: number, integer: boolean): number {
  const chosen = value ?? fallback;
  if (
    typeof chosen !== 'number' ||
    !Number.isFinite(chosen) ||
    chosen <= 0 ||
    (integer && !Number.isInteger(chosen))
  ) {
    throw new InvalidOptionsError(
      `limits.${name} must be a positive ${integer ? 'integer' : 'number'}; got ${String(value)}`,
    );
  }
  return chosen;
}

function checkedOptions(options: ContainerSandboxOptions) {
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
  if (typeof options.image !== 'string' || options.image.trim() === '') {
    throw new InvalidOptionsError(
      'image must name an image present in the engine (e.g. "debian:12"); toolgate never pulls one',
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
  const hiddenPaths = options.hiddenPaths ?? toolgateDirectories(process.env, homedir());
  for (const path of hiddenPaths) {
    if (!isAbsolute(path)) throw new InvalidOptionsError(`hidden path "${path}" must be an absolute path`);
  }
  const limits = options.limits ?? {};
  const user = options.user ?? `${process.getuid?.() ?? 0}:${process.getgid?.() ?? 0}`;
  if (!/^\d+(:\d+)?$/.test(user))
    throw new InvalidOptionsError(`user must be "uid" or "uid:gid"; got ${user}`);
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (name === '' || name.includes('=') || typeof value !== 'string') {
      throw new InvalidOptionsError(`env entry "${name}" must be a name without "=" and a string value`);
    }
  }
  return {
    mode,
    protectedPaths,
    hiddenPaths,
    user,
    openTimeoutMs: positive('openTimeoutMs', options.openTimeoutMs, 60_000, true),
    address: engineAddress(options.engine),
    limits: {
      cpus: positive('cpus', limits.cpus, DEFAULT_CONTAINER_LIMITS.cpus, false),
      memoryBytes: positive('memoryBytes', limits.memoryBytes, DEFAULT_CONTAINER_LIMITS.memoryBytes, true),
      pids: positive('pids', limits.pids, DEFAULT_CONTAINER_LIMITS.pids, true),
      tmpBytes: positive('tmpBytes', limits.tmpBytes, DEFAULT_CONTAINER_LIMITS.tmpBytes, true),
    },
    secrets: createSecretMatcher(options.secrets ?? DEFAULT_SECRET_PATTERNS),
  };
}

async function hiddenMasks(paths: readonly string[]): Promise<MaskedPath[]> {
  const found = await Promise.all(
    paths.map(async (path): Promise<MaskedPath | undefined> => {
      try {
        const real = await realpath(path);
        return { path: real, kind: (await stat(real)).isDirectory() ? 'directory' : 'file' };
      } catch {
        return undefined;
      }
    }),
  );
  return found.filter((mask): mask is MaskedPath => mask !== undefined);
}

function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EngineError(`${what} took longer than ${ms} ms`, 0)), ms);
    }),
  ]);
}

async function removeContainer(client: EngineClient, id: string): Promise<void> {
  try {
    await client.call('DELETE', `/containers/${id}?force=true&v=true`);
  } catch (error) {
    if (!(error instanceof EngineError && error.status === 404)) throw error;
  }
}

/**
 * Opens a container sandbox for one session: removes containers left by sessions whose process
 * died, creates a container from `image` (no network, read-only root, private `/tmp`, all
 * capabilities dropped, the limits), with the workspace bound at its own path (protected paths
 * read-only, secrets and hidden paths masked as found now), starts it and checks that it runs
 * commands. Throws `InvalidOptionsError` on invalid options; an engine that does not answer, a
 * missing image or a container that cannot start is `{ ok: false, reason }`.
 */
export async function openContainerSandbox(
  options: ContainerSandboxOptions,
): Promise<ContainerSandboxOpening> {
  const checked = checkedOptions(options);
  const { mode, user, limits, openTimeoutMs, address } = checked;
  const workspaceRoot = await realpath(options.workspaceRoot).catch(() => undefined);
  if (!workspaceRoot || !(await stat(workspaceRoot)).isDirectory()) {
    throw new InvalidOptionsError(`workspaceRoot ${options.workspaceRoot} is not an existing directory`);
  }
  const client = createEngineClient(address);
  const engine = describeEngine(address);
  const image = options.image.trim();
  const session = `ses_${randomUUID().replaceAll('-', '')}`;
  let scratch: string | undefined;
  let containerId: string | undefined;
  let proxy: AllowlistProxy | undefined;
  let relay: NetnsRelay | undefined;
  /** The stderr of each running command, where a refusal is told. */
  const liveStderr = new Set<Writable>();
  try {
    return await withDeadline(
      (async (): Promise<ContainerSandboxOpening> => {
        try {
          await client.call('GET', '/version', undefined, openTimeoutMs);
        } catch (error) {
          return {
            ok: false,
            reason: `no container engine answers at ${engine}: ${(error as Error).message}`,
          };
        }
        await reapStaleContainers(client);
        try {
          await client.call('GET', `/images/${encodeURIComponent(image)}/json`);
        } catch (error) {
          if (error instanceof EngineError && error.status === 404) {
            return {
              ok: false,
              reason: `the image ${image} is not in the engine at ${engine}; build or load it there (toolgate never pulls images)`,
            };
          }
          throw error;
        }
        scratch = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-container-')));
        const maskFile = join(scratch, 'masked-file');
        const maskDirectory = join(scratch, 'masked-directory');
        await writeFile(maskFile, '');
        await chmod(maskFile, 0o000);
        await mkdir(maskDirectory, { mode: 0o555 });
        await chmod(maskDirectory, 0o555);
        const [secretMasks, hidden, protectedPaths] = await Promise.all([
          findMaskedPaths(
            workspaceRoot,
            (name) => checked.secrets.match(name) !== undefined,
            options.readDenied,
          ),
          hiddenMasks(checked.hiddenPaths),
          mode === 'workspace-write' ? resolveProtectedPaths(workspaceRoot, checked.protectedPaths) : [],
        ]);
        const mounts = containerMounts({
          mode,
          workspaceRoot,
          protectedPaths,
          masked: [...secretMasks, ...hidden],
          maskFile,
          maskDirectory,
        });
        const created = await client.call<{ Id: string }>(
          'POST',
          `/containers/create?name=toolgate-${session.slice(4, 20)}`,
          {
            Image: image,
            Entrypoint: ['sleep'],
            Cmd: ['infinity'],
            User: user,
            WorkingDir: workspaceRoot,
            Env: [`PATH=${DEFAULT_PATH}`],
            NetworkDisabled: true,
            Labels: {
              [SANDBOX_LABEL]: 'container',
              [SESSION_LABEL]: session,
              [OWNER_LABEL]: ownerOfThisProcess(),
            },
            HostConfig: {
              NetworkMode: 'none',
              Init: true,
              Mounts: mounts,
              ReadonlyRootfs: true,
              Tmpfs: { '/tmp': `rw,nosuid,nodev,size=${limits.tmpBytes},mode=1777` },
              CapDrop: ['ALL'],
              SecurityOpt: ['no-new-privileges'],
              NanoCpus: Math.round(limits.cpus * 1e9),
              Memory: limits.memoryBytes,
              MemorySwap: limits.memoryBytes,
              PidsLimit: limits.pids,
              AutoRemove: false,
            },
          },
        );
        containerId = created.Id;
        await client.call('POST', `/containers/${containerId}/start`);
        if (options.network) {
          const { network } = options;
          // The proxy's code loads only for a container that has an allowlist.
          const { startAllowlistProxy, startNetnsRelay } = await import('@toolgate/sandbox-network');
          const socketPath = join(scratch, 'proxy.sock');
          proxy = await startAllowlistProxy({
            allow: network.allow,
            ...(network.mode === undefined ? {} : { mode: network.mode }),
            ...(network.resolve === undefined ? {} : { resolve: network.resolve }),
            listen: { socketPath },
            onRefusal: (refusal) => {
              network.onRefusal?.(refusal);
              for (const stream of liveStderr)
                if (!stream.writableEnded) stream.write(`${refusal.message}\n`);
            },
          });
          const inspected = await client.call<{ State?: { Pid?: number } }>(
            'GET',
            `/containers/${containerId}/json`,
          );
          const pid = inspected.State?.Pid;
          if (!pid || address.kind !== 'unix') {
            return {
              ok: false,
              reason: `the network allowlist needs the engine on this machine (a unix socket), to reach the container's network namespace; ${engine} is not`,
            };
          }
          try {
            relay = await startNetnsRelay({ targetPid: pid, socketPath });
          } catch (error) {
            return {
              ok: false,
              reason: `the network allowlist could not enter the container's network namespace (nsenter, as root): ${(error as Error).message}`,
            };
          }
        }
        const check = await runToEnd(client, containerId, ['/bin/sh', '-c', 'command -v setsid'], user);
        if (check.exitCode !== 0) {
          return {
            ok: false,
            reason: `the image ${image} has no setsid on PATH (util-linux or busybox); commands could not be stopped as a group`,
          };
        }
        return { ok: true, sandbox: sandboxOf(client, containerId, scratch, relay?.port) };
      })(),
      openTimeoutMs,
      `opening a container on ${engine}`,
    ).then(async (opening) => {
      if (!opening.ok) await cleanUp();
      return opening;
    });
  } catch (error) {
    await cleanUp();
    return {
      ok: false,
      reason: `the container engine at ${engine} could not start the session's container: ${(error as Error).message}`,
    };
  }

  async function cleanUp(): Promise<void> {
    await relay?.stop().catch(() => {});
    await proxy?.close().catch(() => {});
    if (containerId !== undefined) await removeContainer(client, containerId).catch(() => {});
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true }).catch(() => {});
  }

  function sandboxOf(
    engineClient: EngineClient,
    id: string,
    scratchDirectory: string,
    relayPort: number | undefined,
  ): ContainerSandbox {
    const proxyUrl = `http://127.0.0.1:${relayPort}`;
    const env = [
      ...(options.network
        ? [
            `HTTP_PROXY=${proxyUrl}`,
            `HTTPS_PROXY=${proxyUrl}`,
            `http_proxy=${proxyUrl}`,
            `https_proxy=${proxyUrl}`,
          ]
        : []),
      `PATH=${DEFAULT_PATH}`,
      'HOME=/tmp',
      'TMPDIR=/tmp',
      ...Object.entries(options.env ?? {}).map(([name, value]) => `${name}=${value}`),
    ];
    let closing: Promise<void> | undefined;
    const inContainer = (relativeDirectory: string): string =>
      relativeDirectory === '.' || relativeDirectory === ''
        ? workspaceRoot!
        : join(workspaceRoot!, relativeDirectory);
    const startProcess = (
      request: Parameters<ContainerSandbox['startProcess']>[0],
    ): Promise<SandboxProcess> => {
      if (closing) return Promise.reject(new Error('the sandbox session is closed'));
      return startContainerProcess(engineClient, {
        containerId: id,
        command: request.command,
        workingDirectory: inContainer(request.workingDirectory),
        env,
        user,
        stdin: request.stdin,
      }).then((started) => {
        // Where the proxy tells a running command what it refused.
        const stderr = started.stderr as unknown as Writable;
        liveStderr.add(stderr);
        void started.exited.then(() => liveStderr.delete(stderr));
        return started;
      });
    };
    return {
      id,
      providerId: 'container',
      mode,
      image,
      workspaceRoot: workspaceRoot!,
      engine,
      startProcess,
      async execute(command): Promise<SandboxCommandResult> {
        const started = await startProcess({
          command: command.command,
          workingDirectory: command.workingDirectory,
          stdin: false,
          metadata: command.metadata,
        });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        started.stdout.on('data', (chunk: Buffer) => out.push(chunk));
        started.stderr.on('data', (chunk: Buffer) => err.push(chunk));
        let timedOut = false;
        const stop = (): void => void started.stop(1000);
        const timer = setTimeout(() => {
          timedOut = true;
          stop();
        }, command.timeoutMs);
        command.signal.addEventListener('abort', stop, { once: true });
        const end = await started.exited;
        clearTimeout(timer);
        command.signal.removeEventListener('abort', stop);
        return {
          exitCode: end.exitCode,
          signal: end.signal,
          stdout: Buffer.concat(out).toString('utf8'),
          stderr: Buffer.concat(err).toString('utf8'),
          timedOut,
          workingDirectory: inContainer(command.workingDirectory),
        };
      },
      close() {
        closing ??= (async () => {
          await relay?.stop().catch(() => {});
          await proxy?.close().catch(() => {});
          await removeContainer(engineClient, id).catch(() => {});
          await rm(scratchDirectory, { recursive: true, force: true }).catch(() => {});
        })();
        return closing;
      },
    };
  }
}
