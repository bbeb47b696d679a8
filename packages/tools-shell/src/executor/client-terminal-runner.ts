import { type ClientTerminal, type ClientTerminals, type Outcome, toolSuccess } from '@toolgate/core';
import { BASH_TIMEOUT_HINT } from '../bash/bash-description.js';
import type { BashExecResult } from '../bash/bash-schema.js';
import { delay } from '../internal/delay.js';
import { shellFailure } from '../internal/shell-failure.js';
import type { ShellCommandRequest } from './shell-command-executor.js';
import type { ShellInvocation } from './shell-invocation.js';

/** Longest wait for a killed terminal's program to be reported gone before its output is read. */
const EXIT_WAIT_MS = 5000;

type Ending =
  | { readonly kind: 'exit'; readonly exitCode: number | null; readonly signal: string | null }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'abort' }
  | { readonly kind: 'lost'; readonly message: string };

/** What the runner needs besides the request: the sandbox's launcher, its environment and caps. */
export interface ClientTerminalRun {
  readonly terminals: ClientTerminals;
  /** The sandbox's launcher (never the raw command alone); the command is appended to its arguments. */
  readonly invocation: ShellInvocation;
  readonly env: Record<string, string>;
  /** Bytes the client keeps: both of bash's stream caps, since a terminal has one stream. */
  readonly outputByteLimit: number;
  readonly sandboxIds: { readonly sandboxProviderId: string; readonly sandboxSessionId: string };
}

/**
 * Runs one `exec` in a client's terminal (an editor shows it live): the sandbox's launcher with
 * the command, the shell policy's environment, bash's own timeout and cancel (the terminal is
 * killed, and the sandbox's pid namespace with it), then its output and exit, and the terminal
 * released. Undefined when the client could not create a terminal: the caller runs it here.
 * A terminal has one stream: the output is `stdout`, `stderr` is empty.
 */
export async function runInClientTerminal(
  run: ClientTerminalRun,
  request: ShellCommandRequest,
): Promise<Outcome<BashExecResult> | undefined> {
  const startedAt = performance.now();
  let terminal: ClientTerminal | undefined;
  try {
    terminal = await run.terminals.create({
      callId: request.callId ?? '',
      command: run.invocation.file,
      args: [...run.invocation.args, request.command],
      env: run.env,
      cwd: request.workingDirectory,
      outputByteLimit: run.outputByteLimit,
    });
  } catch {
    terminal = undefined;
  }
  if (!terminal) return undefined;
  const open = terminal;
  try {
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const exited = open.waitForExit().then(
      (exit): Ending => ({ kind: 'exit', exitCode: exit.exitCode, signal: exit.signal }),
      (error: unknown): Ending => ({
        kind: 'lost',
        message: error instanceof Error ? error.message : String(error),
      }),
    );
    const ending = await Promise.race<Ending>([
      exited,
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
    if (onAbort) request.signal.removeEventListener('abort', onAbort);
    if (ending.kind === 'timeout' || ending.kind === 'abort') {
      await open.kill().catch(() => {});
      await Promise.race([exited, delay(EXIT_WAIT_MS)]);
    }
    if (ending.kind === 'abort')
      return shellFailure('aborted', "bash was cancelled; the command's terminal was killed.");
    if (ending.kind === 'lost')
      return shellFailure(
        'spawn_failed',
        `The editor's terminal failed while the command ran: ${ending.message}`,
      );
    const { output, truncated } = await open.output().catch(() => ({ output: '', truncated: false }));
    const timedOut = ending.kind === 'timeout';
    return toolSuccess({
      command: request.command,
      durationMs: Math.round(performance.now() - startedAt),
      executionEnvironment: 'sandbox',
      exitCode: ending.kind === 'exit' ? ending.exitCode : null,
      ...run.sandboxIds,
      signal: ending.kind === 'exit' ? ending.signal : 'SIGKILL',
      stderr: timedOut ? BASH_TIMEOUT_HINT : '',
      stdout: output,
      timedOut,
      truncated,
      workingDirectory: request.workingDirectory,
    });
  } finally {
    await open.release().catch(() => {});
  }
}
