import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { ApprovalMode } from '@toolgate/core';
import type { SessionSandboxSettings, ToolgateConfig } from '@toolgate/host';
import { loadSessionConfig } from '../config/load-session-config.js';
import { userConfigFile } from '../config/user-config-file.js';
import { describeDistrust, trustCommandFor } from '../config/workspace-trust.js';
import { parseApprovalModeValue } from './parse-approval-mode-value.js';
import type { CommonOptions } from './parse-cli-arguments.js';
import { UsageError } from './usage-error.js';

/** The MCP servers file looked up in the workspace root. */
export const MCP_CONFIG_FILE_NAME = '.mcp.json';

/** Where a session runs and how it asks. */
export interface SessionSettings {
  /** Absolute workspace root. */
  readonly root: string;
  readonly config: ToolgateConfig;
  readonly mode: ApprovalMode;
  /** The MCP servers file to load, if any. */
  readonly mcpConfigFile: string | undefined;
  /** Where bash runs. */
  readonly sandbox: SessionSandboxSettings;
}

/**
 * The directory the user ran the command from: `INIT_CWD` when a package-manager script started
 * us (it runs scripts from the package root), else the process's own working directory.
 */
export function invocationDirectory(env: NodeJS.ProcessEnv, cwd: string): string {
  const init = env.INIT_CWD;
  return env.npm_lifecycle_event && init && isAbsolute(init) ? init : cwd;
}

/**
 * Resolves `--cwd`, the config (the user's file, then the workspace's or `--config`, which only
 * tightens until the workspace is trusted), the approval mode (flag, `TOOLGATE_APPROVAL`, config,
 * `safe`) and the MCP file (a workspace's `.mcp.json` only once trusted). `report` receives one
 * line for each setting left out and how to trust the workspace. The sandbox comes from the flag,
 * then the config; a confined mode given by flag is required.
 */
export async function resolveSessionSettings(
  options: CommonOptions,
  env: NodeJS.ProcessEnv,
  cwd: string,
  report: (line: string) => void,
): Promise<SessionSettings> {
  const base = invocationDirectory(env, cwd);
  const root = resolve(base, options.cwd ?? '.');
  let isDirectory = false;
  try {
    isDirectory = statSync(root).isDirectory();
  } catch {
    throw new UsageError(`--cwd: no such directory: ${root}`);
  }
  if (!isDirectory) throw new UsageError(`--cwd: not a directory: ${root}`);
  const loaded = await loadSessionConfig({
    root,
    userFile: userConfigFile(env),
    ...(options.config === undefined ? {} : { configFile: resolve(base, options.config) }),
  });
  const { config } = loaded;
  for (const line of loaded.notices) report(line);
  (config.workspace?.readRoots ?? []).forEach((path, index) => {
    const absolute = resolve(root, path);
    let ok = false;
    try {
      ok = statSync(absolute).isDirectory();
    } catch {
      ok = false;
    }
    if (!ok)
      throw new UsageError(
        `Config key workspace.readRoots[${index}]: expected an existing directory, got ${JSON.stringify(path)} (${absolute}).`,
      );
  });
  const fromEnv = env.TOOLGATE_APPROVAL;
  const mode =
    options.approval ??
    (fromEnv !== undefined && fromEnv.trim() !== ''
      ? parseApprovalModeValue(fromEnv, 'TOOLGATE_APPROVAL')
      : undefined) ??
    config.approval ??
    'safe';
  let mcpConfigFile: string | undefined;
  if (!options.noMcp) {
    if (options.mcpConfig !== undefined) {
      mcpConfigFile = resolve(base, options.mcpConfig);
      if (!existsSync(mcpConfigFile)) throw new UsageError(`--mcp-config: no such file: ${mcpConfigFile}`);
    } else if (existsSync(join(root, MCP_CONFIG_FILE_NAME))) {
      // A cloned repository's servers are commands it chose: none starts until the person trusts it.
      if (loaded.trust.state === 'trusted') mcpConfigFile = join(root, MCP_CONFIG_FILE_NAME);
      else {
        report(
          `toolgate: not starting the MCP servers of ${join(root, MCP_CONFIG_FILE_NAME)}: ${describeDistrust(loaded.trust)}. To trust it: ${trustCommandFor(loaded.realRoot)}`,
        );
      }
    }
  }
  const sandboxConfig = config.sandbox ?? {};
  const sandboxMode = options.sandbox ?? sandboxConfig.mode;
  const requiredBy =
    options.sandbox !== undefined && options.sandbox !== 'danger-full-access'
      ? `--sandbox ${options.sandbox}`
      : sandboxConfig.required
        ? 'sandbox.required in the config file'
        : undefined;
  const sandbox: SessionSandboxSettings = {
    ...(sandboxMode === undefined ? {} : { mode: sandboxMode }),
    network: sandboxConfig.network ?? false,
    ...(requiredBy === undefined ? {} : { requiredBy }),
  };
  return { root, config, mode, mcpConfigFile, sandbox };
}
