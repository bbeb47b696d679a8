/**
 * Failure codes of the bash tool: core's shared ones it uses plus its own. Every code is a
 * `failure` result, never a throw.
 */
export type ShellErrorCode =
  /** Arguments invalid, or a field the action needs is missing (`bash logs requires a processId`). */
  | 'invalid_arguments'
  /** The call's signal fired while the command ran; its process group was stopped. */
  | 'aborted'
  /** `cwd` resolves outside the workspace. */
  | 'path_outside_workspace'
  /** `cwd` does not exist. */
  | 'not_found'
  /** `cwd` is not a directory. */
  | 'not_a_directory'
  /** `cwd` changed between preflight and execution (removed, replaced, re-linked). */
  | 'precondition_changed'
  /** No process with that `processId` in this session. */
  | 'unknown_process'
  /** `write` to a process that has exited or closed its input. */
  | 'process_not_running'
  /** `write`/`stop` on a process restored from a snapshot (metadata only). */
  | 'process_restored'
  /** `start` while the session already runs its maximum of live processes. */
  | 'process_limit_reached'
  /** The shell could not be started (missing shell, too long a command, out of processes). */
  | 'spawn_failed'
  /** `write` while earlier input is still waiting for the process to read it. */
  | 'stdin_backlog_full'
  /** Writing to a process's input failed (the system's message is included). */
  | 'io_error'
  /** The bound sandbox session failed to run the command. */
  | 'sandbox_failed'
  /** The session's process registry was closed. */
  | 'registry_closed';
