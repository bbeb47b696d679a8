import type { Readable, Writable } from 'node:stream';
import type { ShellInvocation } from './shell-invocation.js';

/** A command for a sandbox (AI4J's `SandboxCommand`). */
export interface SandboxCommand {
  readonly command: string;
  /** Working directory relative to the workspace root (`.` for the root); the session maps it onto its copy. */
  readonly workingDirectory: string;
  /** Milliseconds the command may run; the session stops it and reports `timedOut`. */
  readonly timeoutMs: number;
  /** Fires when the call is cancelled. */
  readonly signal: AbortSignal;
  /** `{ tool: 'bash', routing: 'toolgate' }`. */
  readonly metadata: Readonly<Record<string, string>>;
}

/** What a sandbox reports about a command. */
export interface SandboxCommandResult {
  /** Exit status; null or absent when the command did not exit normally. */
  readonly exitCode?: number | null;
  /** The signal that ended it, if known. */
  readonly signal?: string | null;
  readonly stdout?: string;
  readonly stderr?: string;
  readonly timedOut?: boolean;
  /** The directory the command ran in, in the sandbox's terms. */
  readonly workingDirectory?: string;
}

/** A command for a sandbox to start as a process whose streams the caller reads and writes. */
export interface SandboxProcessRequest {
  readonly command: string;
  /** Working directory relative to the workspace root (`.` for the root). */
  readonly workingDirectory: string;
  /** Keep standard input open for writes (`start`); when false the process reads end of file. */
  readonly stdin: boolean;
  /** `{ tool: 'bash', action: 'exec' | 'start' }`. */
  readonly metadata: Readonly<Record<string, string>>;
}

/** How a sandboxed process ended. */
export interface SandboxProcessEnd {
  /** Exit status; null when it is not known (the process was killed, the sandbox went away). */
  readonly exitCode: number | null;
  /** The signal that ended it, if known. */
  readonly signal: string | null;
}

/** A process running in a sandbox ({@link SandboxSession.startProcess}). */
export interface SandboxProcess {
  /** Its pid in the sandbox's terms, when it has one. */
  readonly pid?: number;
  /** Its standard input (ended at once when the request asked for none). */
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Settles once the process has ended and both output streams have ended. Never rejects. */
  readonly exited: Promise<SandboxProcessEnd>;
  /**
   * Stops the process and every process it started in its group inside the sandbox: SIGTERM,
   * `graceMs`, SIGKILL. Resolves once it has ended (or the sandbox stopped answering). Never rejects.
   */
  stop(graceMs: number): Promise<void>;
}

/**
 * A live sandbox a host binds to a session (AI4J's `SandboxSession`); when bound, `bash exec` runs
 * through it. Credentials and lifecycle belong to the host.
 */
export interface SandboxSession {
  /** The sandbox session's id, reported in results as `sandboxSessionId`. */
  readonly id: string;
  /** The provider's id (`daytona`, …), reported as `sandboxProviderId`. */
  readonly providerId: string;
  /** Runs one command to completion. May throw; the tool reports `sandbox_failed`. */
  execute(command: SandboxCommand): Promise<SandboxCommandResult>;
  /**
   * Starts a process and hands back its streams. When present, bash runs `exec` through it
   * (output capped while it streams, its timeout and cancel stop the process group) and allows
   * `start`: the process registry then holds the sandboxed process, so status, logs, write,
   * stop and list work as for local processes. May reject; the tool reports `sandbox_failed`.
   */
  startProcess?(request: SandboxProcessRequest): Promise<SandboxProcess>;
}

/** What a sandbox on this machine is asked to confine: the shell bash would spawn, and where. */
export interface SandboxLaunchRequest {
  /** The shell and its flags; bash appends the command after them. */
  readonly shell: ShellInvocation;
  /** Real absolute working directory, inside the workspace. */
  readonly workingDirectory: string;
  /**
   * Whether the launcher may report its child on fd 3 (`ShellInvocation.reportsChildPidOnFd3`);
   * false for a launcher another program spawns (a client's terminal), which has no fd 3. @default true
   */
  readonly reportChild?: boolean;
}

/**
 * A sandbox on this machine (bubblewrap and the like): instead of running commands itself, it
 * says what to spawn so that the shell runs inside it. bash spawns that for `exec` and `start`
 * alike, so output caps, timeouts, stdin, `stop` and process-group kill work as for local
 * commands, and no background process runs outside the sandbox.
 */
export interface LocalSandboxSession {
  /** The sandbox session's id, reported in results as `sandboxSessionId`. */
  readonly id: string;
  /** The provider's id (`bwrap`, …), reported as `sandboxProviderId`. */
  readonly providerId: string;
  /**
   * The invocation to spawn instead of `request.shell` (the command is appended after its
   * arguments); it gets the environment bash would give the shell. May reject; the tool reports
   * `sandbox_failed`.
   */
  wrapShell(request: SandboxLaunchRequest): Promise<ShellInvocation>;
}

/** True when the sandbox is a {@link LocalSandboxSession}. */
export function isLocalSandbox(
  sandbox: SandboxSession | LocalSandboxSession,
): sandbox is LocalSandboxSession {
  return typeof (sandbox as Partial<LocalSandboxSession>).wrapShell === 'function';
}
