import type { OutputSpill } from '@toolgate/core';
import { createShellEnvironment, type ShellEnvironmentOptions } from '../environment/shell-environment.js';
import { killGraceMsOption, maxOutputBytesOption } from '../internal/shell-options.js';
import type { LocalShellSettings } from './local-shell-runner.js';
import type { LocalSandboxSession } from './sandbox-session.js';
import type { ShellCommandExecutor } from './shell-command-executor.js';
import { resolveShell } from './shell-invocation.js';

/** Options for {@link createLocalShellExecutor}. */
export interface LocalShellExecutorOptions {
  /** Shell to run commands with. @default `bash` from PATH, else `/bin/sh` */
  readonly shellPath?: string;
  /** Run `<shell> -lc` (login shell, reads profile files) instead of `<shell> -c`. @default false */
  readonly loginShell?: boolean;
  /** Environment policy. @default inherited minus names containing KEY, SECRET or TOKEN */
  readonly environment?: ShellEnvironmentOptions;
  /** Bytes kept per stream (head and tail halves; at least 1024). @default 262144 */
  readonly maxOutputBytes?: number;
  /** Time between SIGTERM and SIGKILL when a command's group is stopped. @default 1000 */
  readonly killGraceMs?: number;
  /** A sandbox on this machine: each command's shell is spawned through it. @default none */
  readonly sandbox?: LocalSandboxSession;
  /** Where a stream that exceeds `maxOutputBytes` is written whole; the model is told its path. @default none (cut) */
  readonly spill?: OutputSpill;
}

/**
 * Runs commands on this machine: `<shell> -c <command>` detached in its own process group, stdin
 * closed, output captured in bounded memory. At the timeout or on abort the whole group gets
 * SIGTERM, then SIGKILL after the grace; when the shell exits, anything it left in its group is
 * stopped the same way, so no process outlives the call. A sandbox's child that can leave the
 * group (see `ShellInvocation.reportsChildPidOnFd3`) is killed and waited for as well.
 *
 * Options are checked and the shell resolved now; the code that spawns and watches commands loads
 * on the first command.
 */
export function createLocalShellExecutor(options: LocalShellExecutorOptions = {}): ShellCommandExecutor {
  const settings: LocalShellSettings = {
    maxOutputBytes: maxOutputBytesOption(options.maxOutputBytes),
    graceMs: killGraceMsOption(options.killGraceMs),
    shell: resolveShell(options),
    environment: createShellEnvironment(options.environment),
    sandbox: options.sandbox,
    spill: options.spill,
  };
  let runner: Promise<ShellCommandExecutor> | undefined;
  return {
    async execute(request) {
      runner ??= import('./local-shell-runner.js').then(
        ({ createLocalShellRunner }) => createLocalShellRunner(settings),
        (error: unknown) => {
          runner = undefined; // a failed load is not remembered: the next command loads again
          throw error;
        },
      );
      return (await runner).execute(request);
    },
  };
}
