import { type Outcome, type OutputSpill, toolSuccess } from '@toolgate/core';
import { BASH_TIMEOUT_HINT } from '../bash/bash-description.js';
import type { BashExecResult } from '../bash/bash-schema.js';
import { type CaptureSpill, HeadTailCapture } from '../internal/head-tail-capture.js';
import { shellFailure } from '../internal/shell-failure.js';
import { killGraceMsOption, maxOutputBytesOption } from '../internal/shell-options.js';
import type { SandboxProcess, SandboxSession } from './sandbox-session.js';
import type { ShellCommandExecutor, ShellCommandRequest } from './shell-command-executor.js';

/** Options for {@link createSandboxShellExecutor}. */
export interface SandboxShellExecutorOptions {
  /** The bound sandbox session. */
  readonly sandbox: SandboxSession;
  /** Bytes kept per stream (head and tail halves; at least 1024). @default 262144 */
  readonly maxOutputBytes?: number;
  /** Time between SIGTERM and SIGKILL when a streamed command is stopped (timeout, cancel). @default 1000 */
  readonly killGraceMs?: number;
  /** Where a stream that exceeds `maxOutputBytes` is written whole; the model is told its path. @default none (cut) */
  readonly spill?: OutputSpill;
}

type Ending = 'exit' | 'timeout' | 'abort';

/** Runs a command through `startProcess`: output capped as it streams, the timeout and cancel stop it. */
async function streamCommand(
  sandbox: SandboxSession,
  startProcess: NonNullable<SandboxSession['startProcess']>,
  request: ShellCommandRequest,
  maxOutputBytes: number,
  graceMs: number,
  spill: OutputSpill | undefined,
): Promise<Outcome<BashExecResult>> {
  const startedAt = performance.now();
  let started: SandboxProcess;
  try {
    started = await startProcess({
      command: request.command,
      workingDirectory: request.workspaceRelativeDirectory,
      stdin: false,
      metadata: { tool: 'bash', action: 'exec' },
    });
  } catch (error) {
    if (request.signal.aborted) {
      return shellFailure('aborted', 'bash was cancelled while the sandbox started the command.');
    }
    return shellFailure(
      'sandbox_failed',
      `Sandbox ${sandbox.providerId}/${sandbox.id} could not run the command: ${(error as Error)?.message ?? String(error)}`,
    );
  }
  const stdout = new HeadTailCapture(maxOutputBytes, spill && { spill, label: 'bash-stdout' });
  const stderr = new HeadTailCapture(maxOutputBytes, spill && { spill, label: 'bash-stderr' });
  started.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  started.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const ending = await Promise.race<Ending>([
    started.exited.then(() => 'exit' as const),
    new Promise<Ending>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), request.timeoutMs);
    }),
    new Promise<Ending>((resolve) => {
      onAbort = () => resolve('abort');
      if (request.signal.aborted) onAbort();
      else request.signal.addEventListener('abort', onAbort, { once: true });
    }),
  ]);
  clearTimeout(timer);
  if (onAbort) request.signal.removeEventListener('abort', onAbort);
  if (ending !== 'exit') await started.stop(graceMs);
  const end = await started.exited;
  if (ending === 'abort') {
    return shellFailure('aborted', 'bash was cancelled; the command was stopped in the sandbox.');
  }
  const timedOut = ending === 'timeout';
  const out = stdout.finish();
  const err = stderr.finish();
  return toolSuccess({
    command: request.command,
    durationMs: Math.round(performance.now() - startedAt),
    executionEnvironment: 'sandbox',
    exitCode: timedOut ? null : end.exitCode,
    sandboxProviderId: sandbox.providerId,
    sandboxSessionId: sandbox.id,
    signal: end.signal,
    stderr: timedOut ? `${err.text}${err.text === '' ? '' : '\n'}${BASH_TIMEOUT_HINT}` : err.text,
    stdout: out.text,
    timedOut,
    truncated: out.droppedBytes > 0 || err.droppedBytes > 0,
    workingDirectory: request.workspaceRelativeDirectory,
  });
}

function cap(
  text: string,
  limitBytes: number,
  spill: CaptureSpill | undefined,
): { text: string; truncated: boolean } {
  if (text.length * 3 <= limitBytes) return { text, truncated: false };
  const capture = new HeadTailCapture(limitBytes, spill);
  capture.push(Buffer.from(text, 'utf8'));
  const captured = capture.finish();
  return captured.droppedBytes > 0 ? { text: captured.text, truncated: true } : { text, truncated: false };
}

/**
 * Routes `bash exec` into a sandbox session (AI4J's `SandboxShellCommandExecutor`): the session
 * gets the command, the workspace-relative working directory and the timeout; the result says
 * `executionEnvironment: 'sandbox'` with the session and provider ids. Output is capped as locally.
 * A session with `startProcess` streams the command instead: output is capped as it arrives, and
 * the timeout or a cancel stops the command's process group in the sandbox (SIGTERM, grace, SIGKILL).
 */
export function createSandboxShellExecutor(options: SandboxShellExecutorOptions): ShellCommandExecutor {
  const { sandbox, spill } = options;
  const maxOutputBytes = maxOutputBytesOption(options.maxOutputBytes);
  const graceMs = killGraceMsOption(options.killGraceMs);
  return {
    async execute(request) {
      if (sandbox.startProcess) {
        const startProcess = sandbox.startProcess.bind(sandbox);
        return streamCommand(sandbox, startProcess, request, maxOutputBytes, graceMs, spill);
      }
      const startedAt = performance.now();
      let result: Awaited<ReturnType<SandboxSession['execute']>>;
      try {
        result = await sandbox.execute({
          command: request.command,
          workingDirectory: request.workspaceRelativeDirectory,
          timeoutMs: request.timeoutMs,
          signal: request.signal,
          metadata: { tool: 'bash', routing: 'toolgate' },
        });
      } catch (error) {
        if (request.signal.aborted) {
          return shellFailure('aborted', 'bash was cancelled while the sandbox ran the command.');
        }
        return shellFailure(
          'sandbox_failed',
          `Sandbox ${sandbox.providerId}/${sandbox.id} could not run the command: ${(error as Error)?.message ?? String(error)}`,
        );
      }
      if (request.signal.aborted) {
        return shellFailure('aborted', 'bash was cancelled while the sandbox ran the command.');
      }
      const stdout = cap(result.stdout ?? '', maxOutputBytes, spill && { spill, label: 'bash-stdout' });
      const stderr = cap(result.stderr ?? '', maxOutputBytes, spill && { spill, label: 'bash-stderr' });
      const timedOut = result.timedOut === true;
      return toolSuccess({
        command: request.command,
        durationMs: Math.round(performance.now() - startedAt),
        executionEnvironment: 'sandbox',
        exitCode: timedOut ? null : (result.exitCode ?? null),
        sandboxProviderId: sandbox.providerId,
        sandboxSessionId: sandbox.id,
        signal: result.signal ?? null,
        stderr: timedOut
          ? `${stderr.text}${stderr.text === '' ? '' : '\n'}${BASH_TIMEOUT_HINT}`
          : stderr.text,
        stdout: stdout.text,
        timedOut,
        truncated: stdout.truncated || stderr.truncated,
        workingDirectory: result.workingDirectory ?? request.workspaceRelativeDirectory,
      });
    },
  };
}
