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
