import { type OutputSpill, toolSuccess } from '@toolgate/core';
import { BASH_TIMEOUT_HINT } from '../bash/bash-description.js';
import { type CaptureSpill, HeadTailCapture } from '../internal/head-tail-capture.js';
import { shellFailure } from '../internal/shell-failure.js';
import { maxOutputBytesOption } from '../internal/shell-options.js';
import type { SandboxSession } from './sandbox-session.js';
import type { ShellCommandExecutor } from './shell-command-executor.js';

/** Options for {@link createSandboxShellExecutor}. */
export interface SandboxShellExecutorOptions {
  /** The bound sandbox session. */
  readonly sandbox: SandboxSession;
  /** Bytes kept per stream (head and tail halves; at least 1024). @default 262144 */
  readonly maxOutputBytes?: number;
  /** Where a stream that exceeds `maxOutputBytes` is written whole; the model is told its path. @default none (cut) */
  readonly spill?: OutputSpill;
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
 */
export function createSandboxShellExecutor(options: SandboxShellExecutorOptions): ShellCommandExecutor {
  const { sandbox, spill } = options;
  const maxOutputBytes = maxOutputBytesOption(options.maxOutputBytes);
  return {
    async execute(request) {
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
