import type { ClientTerminals, Outcome } from '@toolgate/core';
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
  /** The call's id, for a client terminal to be shown in the call. @default none */
  readonly callId?: string;
  /**
   * A client's terminals (an editor's): a command confined by a sandbox on this machine runs its
   * launcher in one, so the editor shows it live; without such a sandbox it runs here. @default none
   */
  readonly terminals?: ClientTerminals;
  /** Shows the output so far while the command runs (at most every 250 ms). @default none */
  readonly onOutput?: (text: string) => void;
}

/**
 * Where `bash exec` runs: on this machine or in a sandbox session (docs/architecture.md, "Past one
 * machine").
 */
export interface ShellCommandExecutor {
  /** Runs one command; a non-zero exit or a timeout is a success, only failing to run is a failure. */
  execute(request: ShellCommandRequest): Promise<Outcome<BashExecResult>>;
}
