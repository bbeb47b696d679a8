import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { resolveSessionSettings as resolveHostSettings, type SessionSettings } from '@toolgate/host';
import type { CliIo } from './cli-io.js';
import type { CommonOptions } from './parse-cli-arguments.js';
import { UsageError } from './usage-error.js';

/**
 * The directory the user ran the command from: `INIT_CWD` when a package-manager script started
 * us (it runs scripts from the package root), else the process's own working directory.
 */
export function invocationDirectory(env: NodeJS.ProcessEnv, cwd: string): string {
  const init = env.INIT_CWD;
  return env.npm_lifecycle_event && init && isAbsolute(init) ? init : cwd;
}

/** `--cwd` resolved against `base`: a directory that exists, or a {@link UsageError} naming it. */
export async function resolveWorkspaceDirectory(base: string, cwd: string | undefined): Promise<string> {
  const root = resolve(base, cwd ?? '.');
  let isDirectory = false;
  try {
    isDirectory = (await stat(root)).isDirectory();
  } catch {
    throw new UsageError(`--cwd: no such directory: ${root}`);
  }
  if (!isDirectory) throw new UsageError(`--cwd: not a directory: ${root}`);
  return root;
}

/**
 * Resolves `--cwd` and `--mcp-config` against the directory the command was run from, then the
 * host's {@link resolveHostSettings} (config files and trust, approval mode, MCP file, sandbox).
 * stderr gets one line for each setting left out and how to trust the workspace.
 */
export async function resolveSessionSettings(
  io: Pick<CliIo, 'env' | 'cwd' | 'stderr'>,
  options: CommonOptions,
): Promise<SessionSettings> {
  const { env } = io;
  const base = invocationDirectory(env, io.cwd);
  const root = await resolveWorkspaceDirectory(base, options.cwd);
  let mcpConfigFile: string | undefined;
  if (!options.noMcp && options.mcpConfig !== undefined) {
    mcpConfigFile = resolve(base, options.mcpConfig);
    try {
      await stat(mcpConfigFile);
    } catch {
      throw new UsageError(`--mcp-config: no such file: ${mcpConfigFile}`);
    }
  }
  return resolveHostSettings({
    root,
    env,
    notice: (line) => io.stderr.write(`${line}\n`),
    ...(options.config === undefined ? {} : { configFile: resolve(base, options.config) }),
    ...(options.approval === undefined ? {} : { approval: options.approval }),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.sandboxProvider === undefined ? {} : { sandboxProvider: options.sandboxProvider }),
    ...(mcpConfigFile === undefined ? {} : { mcpConfigFile }),
    ...(options.noMcp ? { noMcp: true } : {}),
    ...(options.audit === undefined ? {} : { audit: resolve(base, options.audit) }),
  });
}
