import { lstat, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findOnPath } from '../config/find-on-path.js';
import { WORKSPACE_CONFIG_DIRECTORY } from '../config/inspect-workspace-config.js';
import { CONFIG_FILE_NAME } from '../config/load-toolgate-config.js';
import { MCP_CONFIG_FILE_NAME, type SessionSettings } from '../config/resolve-session-settings.js';
import { toolgateStateDirectory } from '../config/toolgate-state-directory.js';
import { userConfigFile } from '../config/user-config-file.js';
import { describeDistrust } from '../config/workspace-trust.js';
import { ModelConfigError } from '../model/model-config-error.js';
import { selectModel } from '../model/select-model.js';
import type { MachineCheck } from './machine-check.js';

/** What {@link checkMachine} looks at. */
export interface CheckMachineOptions {
  /** The workspace's settings (trust, sandbox, model config). */
  readonly settings: SessionSettings;
  readonly env: NodeJS.ProcessEnv;
  /** The Node.js version running (`process.versions.node`). */
  readonly nodeVersion: string;
}

const NODE_FLOOR = [22, 12] as const;

function checkNode(version: string): MachineCheck {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const enough = major > NODE_FLOOR[0] || (major === NODE_FLOOR[0] && minor >= NODE_FLOOR[1]);
  return enough
    ? { name: 'node', status: 'ok', detail: `Node.js ${version}` }
    : {
        name: 'node',
        status: 'fail',
        detail: `Node.js ${version} is older than ${NODE_FLOOR.join('.')}`,
        fix: 'install Node.js 22.12 or newer (the repository scripts fetch Node 24 into .toolchain/)',
      };
}

async function checkSandbox(settings: SessionSettings): Promise<MachineCheck> {
  const { openBwrapSandbox } = await import('@toolgate/sandbox-bwrap');
  const probe = await mkdtemp(join(tmpdir(), 'toolgate-doctor-'));
  try {
    const opening = await openBwrapSandbox({ workspaceRoot: probe, mode: 'read-only', network: false });
    const configured = settings.sandbox.mode ?? 'workspace-write (default)';
    if (opening.ok)
      return {
        name: 'sandbox',
        status: 'ok',
        detail: `bubblewrap works (${opening.sandbox.bwrapPath}); bash runs ${configured}`,
      };
    return {
      name: 'sandbox',
      status: settings.sandbox.requiredBy === undefined ? 'warn' : 'fail',
      detail: `bubblewrap cannot run: ${opening.reason}`,
      fix:
        settings.sandbox.requiredBy === undefined
          ? 'bash runs unsandboxed until it can; install bubblewrap and allow unprivileged user namespaces (docs/troubleshooting.md)'
          : `${settings.sandbox.requiredBy} demands a sandbox, so sessions that run bash refuse to start; see docs/troubleshooting.md`,
    };
  } finally {
    await rm(probe, { recursive: true, force: true });
  }
}

async function checkRipgrep(env: NodeJS.ProcessEnv, cwd: string): Promise<MachineCheck> {
  const found = await findOnPath('rg', env.PATH ?? '', cwd);
  return found.file
    ? { name: 'ripgrep', status: 'ok', detail: `grep and glob use ${found.file}` }
    : {
        name: 'ripgrep',
        status: 'warn',
        detail: 'rg is not on PATH: grep uses its Node engine (same results, slower on big trees)',
        fix: 'install ripgrep (apt install ripgrep, brew install ripgrep)',
      };
}

/** Answers `GET /_ping` of a Docker Engine API on a unix socket, within a second. */
function pingEngine(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping', method: 'GET', timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function checkContainerEngine(env: NodeJS.ProcessEnv): Promise<MachineCheck> {
  const host = env.DOCKER_HOST;
  if (host !== undefined && host !== '' && !host.startsWith('unix://'))
    return {
      name: 'container engine',
      status: 'ok',
      detail: `DOCKER_HOST=${host} (not contacted: remote engines are checked when a session opens)`,
    };
  const socketPath = host?.startsWith('unix://') ? host.slice('unix://'.length) : '/var/run/docker.sock';
  return (await pingEngine(socketPath))
    ? { name: 'container engine', status: 'ok', detail: `a Docker Engine API answers on ${socketPath}` }
    : {
        name: 'container engine',
        status: 'warn',
        detail: `no Docker Engine API answers on ${socketPath}: only the bubblewrap sandbox is available`,
        fix: 'optional: start Docker or Podman (podman system service) for container sandboxes',
      };
}

async function checkModel(settings: SessionSettings, env: NodeJS.ProcessEnv): Promise<MachineCheck> {
  try {
    const selected = await selectModel({ env, config: settings.config, cwd: settings.root });
    const url = selected.baseURL === undefined ? '' : ` at ${selected.baseURL}`;
    return {
      name: 'model',
      status: 'ok',
      detail: `${selected.spec.provider}:${selected.spec.modelId}${url} (not contacted)`,
    };
  } catch (error) {
    if (!(error instanceof ModelConfigError)) throw error;
    return {
      name: 'model',
      status: 'warn',
      detail: error.message,
      fix: '`toolgate run` and toolgate-acp need one; tools, call and mcp do not',
    };
  }
}

async function hasOwnConfig(root: string): Promise<boolean> {
  const names = [CONFIG_FILE_NAME, MCP_CONFIG_FILE_NAME, WORKSPACE_CONFIG_DIRECTORY];
  const found = await Promise.all(
    names.map((name) =>
      lstat(join(root, name)).then(
        () => true,
        () => false,
      ),
    ),
  );
  return found.includes(true);
}

async function checkTrust(settings: SessionSettings): Promise<MachineCheck> {
  const { trust, root } = settings;
  if (trust.state === 'trusted')
    return { name: 'workspace trust', status: 'ok', detail: `${root} is trusted` };
  if (!(await hasOwnConfig(root)))
    return { name: 'workspace trust', status: 'ok', detail: `${root} has no config of its own to trust` };
  return {
    name: 'workspace trust',
    status: 'warn',
    detail: `${root}: ${describeDistrust(trust)}; its own config only tightens yours, its hooks, MCP servers and tool modules wait`,
    fix: `read its toolgate.config.json, .mcp.json and .toolgate/, then: toolgate trust --cwd ${root}`,
  };
}

function checkPlaces(env: NodeJS.ProcessEnv): MachineCheck {
  return {
    name: 'files',
    status: 'ok',
    detail: `your config: ${userConfigFile(env)}; sessions and logs: ${toolgateStateDirectory(env)}`,
  };
}

/**
 * What `toolgate doctor` says about the machine and the workspace: Node, the bubblewrap sandbox
 * (tried for real in a throwaway directory), ripgrep, a container engine, the model settings
 * (never contacted), the workspace's trust, and where config and state live.
 */
export async function checkMachine(options: CheckMachineOptions): Promise<readonly MachineCheck[]> {
  const { settings, env } = options;
  return [
    checkNode(options.nodeVersion),
    await checkSandbox(settings),
    await checkRipgrep(env, settings.root),
    await checkContainerEngine(env),
    await checkModel(settings, env),
    await checkTrust(settings),
    checkPlaces(env),
  ];
}
