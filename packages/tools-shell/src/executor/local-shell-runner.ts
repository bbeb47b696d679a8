import { type ChildProcess, spawn } from 'node:child_process';
import { type OutputSpill, type ToolFailure, toolSuccess } from '@toolgate/core';
import { BASH_TIMEOUT_HINT } from '../bash/bash-description.js';
import { delay } from '../internal/delay.js';
import { HeadTailCapture } from '../internal/head-tail-capture.js';
import { launchStdio, terminateLaunch, watchLauncherChild } from '../internal/launcher-child.js';
import { liveOutput } from '../internal/live-output.js';
import { shellFailure } from '../internal/shell-failure.js';
import { runInClientTerminal } from './client-terminal-runner.js';
import type { LocalSandboxSession } from './sandbox-session.js';
import type { ShellCommandExecutor } from './shell-command-executor.js';
import type { ShellInvocation } from './shell-invocation.js';

/** What the local executor resolved from its options when it was created. */
export interface LocalShellSettings {
  readonly maxOutputBytes: number;
  readonly graceMs: number;
  readonly shell: ShellInvocation;
  readonly environment: () => Record<string, string>;
  readonly sandbox: LocalSandboxSession | undefined;
  readonly spill: OutputSpill | undefined;
}

const PIPE_DRAIN_WAIT_MS = 1000;
const EXIT_WAIT_MS = 5000;

type Ending = { readonly kind: 'exit' } | { readonly kind: 'timeout' } | { readonly kind: 'abort' };

/**
 * The code behind `createLocalShellExecutor` (which describes what it does), loaded on its first
 * command: spawning, output capture, timeouts and stopping the process group.
 */
export function createLocalShellRunner(settings: LocalShellSettings): ShellCommandExecutor {
  const { maxOutputBytes, graceMs, shell, environment, sandbox, spill } = settings;
  const sandboxIds = sandbox ? { sandboxProviderId: sandbox.providerId, sandboxSessionId: sandbox.id } : {};

  return {
    async execute(request) {
      const startedAt = performance.now();
      // The shell as the sandbox launches it; `reportChild: false` for a launcher a client spawns.
      const wrap = async (reportChild: boolean): Promise<ShellInvocation | ToolFailure> => {
        if (!sandbox) return shell;
        try {
          return await sandbox.wrapShell({
            shell,
            workingDirectory: request.workingDirectory,
            ...(reportChild ? {} : { reportChild: false }),
          });
        } catch (error) {
          return shellFailure(
            'sandbox_failed',
            `Sandbox ${sandbox.providerId}/${sandbox.id} could not prepare the command: ${(error as Error)?.message ?? String(error)}`,
          );
        }
      };
      // A client's terminal runs only a sandboxed command: killing its launcher ends the sandbox's
      // pid namespace, so nothing outlives the call. Without a sandbox the command runs here.
      if (sandbox && request.terminals) {
        const launcher = await wrap(false);
        if ('status' in launcher) return launcher;
        const inTerminal = await runInClientTerminal(
          {
            terminals: request.terminals,
            invocation: launcher,
            env: environment(),
            outputByteLimit: 2 * maxOutputBytes,
            sandboxIds: { sandboxProviderId: sandbox.providerId, sandboxSessionId: sandbox.id },
          },
          request,
        );
        // Undefined: the client could not create a terminal, so it runs here.
        if (inTerminal) return inTerminal;
      }
      const wrapped = await wrap(true);
      if ('status' in wrapped) return wrapped;
      const invocation = wrapped;
      let child: ChildProcess;
      try {
        child = spawn(invocation.file, [...invocation.args, request.command], {
          cwd: request.workingDirectory,
          env: environment(),
          detached: true,
          stdio: launchStdio(invocation, 'ignore'),
        });
      } catch (error) {
        return shellFailure(
          'spawn_failed',
          `Could not start ${invocation.file}: ${(error as Error).message}`,
        );
      }
      // Each pipe read is a fresh buffer that only these listeners see: the captures free it as
      // soon as they are done with it, so the live view (which copies) takes it first.
      const owned = { ownsChunks: true };
      const stdout = new HeadTailCapture(maxOutputBytes, spill && { spill, label: 'bash-stdout' }, owned);
      const stderr = new HeadTailCapture(maxOutputBytes, spill && { spill, label: 'bash-stderr' }, owned);
      const live = request.onOutput ? liveOutput(request.onOutput) : undefined;
      child.stdout!.on('data', (chunk: Buffer) => {
        live?.push(chunk);
        stdout.push(chunk);
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        live?.push(chunk);
        stderr.push(chunk);
      });
      child.stdout!.on('error', () => {});
      child.stderr!.on('error', () => {});
      const launcherChild = invocation.reportsChildPidOnFd3 ? watchLauncherChild(child) : undefined;

      let exitCode: number | null = null;
      let exitSignal: NodeJS.Signals | null = null;
      const pipesClosed = new Promise<void>((resolve) => child.once('close', () => resolve()));
      const exited = new Promise<Error | undefined>((resolve) => {
        child.once('exit', (code, signal) => {
          exitCode = code;
          exitSignal = signal;
          resolve(undefined);
        });
        child.once('error', (error) => resolve(error));
      });

      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      const ending = await Promise.race<Ending | Error>([
        exited.then((error) => error ?? { kind: 'exit' }),
        new Promise<Ending>((resolve) => {
          timer = setTimeout(() => resolve({ kind: 'timeout' }), request.timeoutMs);
        }),
        new Promise<Ending>((resolve) => {
          onAbort = () => resolve({ kind: 'abort' });
          if (request.signal.aborted) onAbort();
          else request.signal.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
      clearTimeout(timer);
      live?.stop();
      if (onAbort) request.signal.removeEventListener('abort', onAbort);

      const closePipes = (): void => {
        for (const pipe of child.stdio) pipe?.destroy();
      };
      if (ending instanceof Error) {
        closePipes();
        return shellFailure(
          'spawn_failed',
          `Could not start ${invocation.file} in ${request.workingDirectory}: ${ending.message}`,
        );
      }

      const pgid = child.pid!;
      let sentSignal: string | undefined;
      if (ending.kind !== 'exit') {
        sentSignal = await terminateLaunch(pgid, launcherChild, graceMs);
        await Promise.race([exited, delay(EXIT_WAIT_MS)]);
      } else {
        // The shell exited but may have left processes in its group (or a sandbox's child): stop what still lives.
        await terminateLaunch(pgid, launcherChild, graceMs);
      }
      // Pipes close once every writer is gone; a writer that escaped the group does not hold us.
      await Promise.race([pipesClosed, delay(PIPE_DRAIN_WAIT_MS)]);
      closePipes();

      const out = stdout.finish();
      const err = stderr.finish();
      if (ending.kind === 'abort') {
        return shellFailure('aborted', `bash was cancelled; the command's process group was stopped.`);
      }
      const timedOut = ending.kind === 'timeout';
      const stderrText = timedOut
        ? `${err.text}${err.text === '' ? '' : '\n'}${BASH_TIMEOUT_HINT}`
        : err.text;
      return toolSuccess({
        command: request.command,
        durationMs: Math.round(performance.now() - startedAt),
        executionEnvironment: sandbox ? 'sandbox' : 'local',
        exitCode: timedOut ? null : exitCode,
        ...sandboxIds,
        signal: exitSignal ?? (timedOut ? (sentSignal ?? null) : null),
        stderr: stderrText,
        stdout: out.text,
        timedOut,
        truncated: out.droppedBytes > 0 || err.droppedBytes > 0,
        workingDirectory: request.workingDirectory,
      });
    },
  };
}
