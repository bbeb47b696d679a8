/** Failure codes `update_agents_md` returns (all core's shared codes). */
export type AgentsMdErrorCode =
  /** Arguments did not match the schema (unknown `action`, `content` missing for write, …). */
  | 'invalid_arguments'
  /** The call's abort signal fired. */
  | 'aborted'
  /** AGENTS.md (or `.agents/`) is a symlink leading outside the workspace. */
  | 'path_outside_workspace'
  /** AGENTS.md resolves into a protected path (`.git`, `node_modules`, …). */
  | 'path_protected'
  /** The path's real name, or the name it was given by, is a secret (`.env`, `*.pem`, …, or the configured `secrets`). */
  | 'secret_file'
  /** AGENTS.md disappeared while it was being read or checked. */
  | 'not_found'
  /** A parent on the way to AGENTS.md is a file, not a directory. */
  | 'not_a_directory'
  /** AGENTS.md is a directory. */
  | 'is_directory'
  /** AGENTS.md is a FIFO, socket or device. */
  | 'not_a_regular_file'
  /** AGENTS.md now resolves elsewhere than when the call was checked and approved. */
  | 'precondition_changed'
  /** Any other I/O error (including a symlink loop); the message carries the system's own. */
  | 'io_error';
