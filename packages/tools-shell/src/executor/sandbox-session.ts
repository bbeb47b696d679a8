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
