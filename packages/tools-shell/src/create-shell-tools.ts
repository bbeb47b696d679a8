import { implementToolOnDemand, type OutputSpill, type Tool, type Workspace } from '@toolgate/core';
import type { BashInput, BashOutput } from './bash/bash-schema.js';
import { BASH_SPEC } from './bash/bash-spec.js';
import type { BashToolOptions } from './bash/create-bash-tool.js';
import type { ShellEnvironmentOptions } from './environment/shell-environment.js';
import { createLocalShellExecutor } from './executor/local-shell-executor.js';
import { isLocalSandbox, type LocalSandboxSession, type SandboxSession } from './executor/sandbox-session.js';
import { createSandboxShellExecutor } from './executor/sandbox-shell-executor.js';
import type { ShellCommandExecutor } from './executor/shell-command-executor.js';
import { defaultTimeoutMsOption } from './internal/shell-options.js';
import type { ProcessRegistry } from './process/process-registry.js';

/** Options for {@link createShellTools}. */
export interface ShellToolsOptions {
  /** Where `cwd` resolves; commands run inside it. */
  readonly workspace: Workspace;
  /** The session's background processes (`createProcessRegistry()`); the host closes it with the session. */
  readonly processes: ProcessRegistry;
  /**
   * A bound sandbox. A {@link LocalSandboxSession} (bubblewrap) confines `exec` and `start` alike;
   * so does a {@link SandboxSession} with `startProcess` (a container); one that only runs
   * commands gets `exec`, and `start` is refused, so no background process runs outside it. status/logs/write/stop/list act on the registry as always.
   * @default none
   */
  readonly sandbox?: SandboxSession | LocalSandboxSession;
  /** Runs `exec`, overriding the local or sandbox-routed executor. @default local, or sandbox-routed when `sandbox` is set */
  readonly executor?: ShellCommandExecutor;
  /** Shell for exec and start. @default `bash` from PATH, else `/bin/sh` */
  readonly shellPath?: string;
  /** `-lc` (login shell) instead of `-c`. @default false */
  readonly loginShell?: boolean;
  /** exec timeout when the call gives none (or 0 or less). @default 30000 */
  readonly defaultTimeoutMs?: number;
  /** Bytes of exec output kept per stream, head and tail halves (at least 1024). @default 262144 */
  readonly maxOutputBytes?: number;
  /** Time between SIGTERM and SIGKILL when an exec's process group is stopped. @default 1000 */
  readonly killGraceMs?: number;
  /** Environment policy for exec and start. @default inherited minus names containing KEY, SECRET or TOKEN */
  readonly environment?: ShellEnvironmentOptions;
  /**
   * The session's spill (the host's is a file under the session's state directory): an exec
   * stream over `maxOutputBytes` is written there whole and the model gets its head, its tail and
   * the file's path. @default none: the middle of such a stream is dropped
   */
  readonly outputSpill?: OutputSpill;
}

/** The shell tools, keyed by wire name. */
export interface ShellTools {
  readonly bash: Tool<BashInput, BashOutput>;
}

/**
 * Creates the `bash` tool: exec, background processes, sandbox routing. Options are checked now;
 * the code that runs commands loads on the first call, so listing the tool loads none of it.
 */
export function createShellTools(options: ShellToolsOptions): ShellTools {
  const { sandbox } = options;
  // The executors check their options now and load the code that runs commands on their first call.
  const executor =
    options.executor ??
    (sandbox && !isLocalSandbox(sandbox)
      ? createSandboxShellExecutor({
          sandbox,
          ...(options.maxOutputBytes === undefined ? {} : { maxOutputBytes: options.maxOutputBytes }),
          ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
          ...(options.outputSpill === undefined ? {} : { spill: options.outputSpill }),
        })
      : createLocalShellExecutor({
          ...(options.shellPath === undefined ? {} : { shellPath: options.shellPath }),
          ...(options.loginShell === undefined ? {} : { loginShell: options.loginShell }),
          ...(options.environment === undefined ? {} : { environment: options.environment }),
          ...(options.maxOutputBytes === undefined ? {} : { maxOutputBytes: options.maxOutputBytes }),
          ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
          ...(sandbox === undefined ? {} : { sandbox }),
          ...(options.outputSpill === undefined ? {} : { spill: options.outputSpill }),
        }));
  defaultTimeoutMsOption(options.defaultTimeoutMs);
  const bashOptions: BashToolOptions = {
    workspace: options.workspace,
    processes: options.processes,
    executor,
    ...(sandbox === undefined ? {} : { sandbox }),
    ...(options.shellPath === undefined ? {} : { shellPath: options.shellPath }),
    ...(options.loginShell === undefined ? {} : { loginShell: options.loginShell }),
    ...(options.defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs: options.defaultTimeoutMs }),
    ...(options.environment === undefined ? {} : { environment: options.environment }),
  };
  return {
    bash: implementToolOnDemand(BASH_SPEC, { preflight: true }, async () => {
      const { createBashImplementation } = await import('./bash/create-bash-tool.js');
      return createBashImplementation(bashOptions);
    }),
  };
}
