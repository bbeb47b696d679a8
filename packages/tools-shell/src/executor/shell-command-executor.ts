import type { Outcome } from '@toolgate/core';
import type { BashExecResult } from '../bash/bash-schema.js';

/** One foreground command to run to completion. */
export interface ShellCommandRequest {
  /** The command, as the model gave it. */
  readonly command: string;
  /** Real absolute working directory, inside the workspace. */
  readonly workingDirectory: string;
  /** The same directory relative to the workspace root (`.` for the root), for executors elsewhere. */
  readonly workspaceRelativeDirectory: string;
  /** Milliseconds before the command's process group is stopped. */
  readonly timeoutMs: number;
  /** Cancels the command: its process group is stopped and the result is `aborted`. */
  readonly signal: AbortSignal;
}

/**
 * Where `bash exec` runs: on this machine or in a sandbox session (docs/architecture.md, "Past one
 * machine").
 */
export interface ShellCommandExecutor {
  /** Runs one command; a non-zero exit or a timeout is a success, only failing to run is a failure. */
  execute(request: ShellCommandRequest): Promise<Outcome<BashExecResult>>;
}
