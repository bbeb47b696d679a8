/**
 * Failure codes used across toolgate. Tool packages may add their own snake_case codes; these are
 * the ones core and the built-in tools share, so hosts can switch on them.
 */
export type CoreErrorCode =
  /** No tool of that name in the surface. */
  | 'unknown_tool'
  /** Arguments were not JSON, not an object, or did not match the schema. */
  | 'invalid_arguments'
  /** The call's abort signal fired before or while it ran. */
  | 'aborted'
  /** A tool threw instead of returning a result; a bug in the tool, reported instead of crashing. */
  | 'internal_error'
  /** A path resolved outside the workspace and its extra read roots. */
  | 'path_outside_workspace'
  /** A write to a protected path (`.git`, `node_modules`, `.ssh`, …). */
  | 'path_protected'
  /** A read or write of a secret (`.env`, `*.pem`, …; the workspace's `secrets` patterns). */
  | 'secret_file'
  /** A path does not exist. */
  | 'not_found'
  /** A file was expected and a directory found. */
  | 'is_directory'
  /** A directory was expected and a file found. */
  | 'not_a_directory'
  /** A file exists where the call required that none does. */
  | 'already_exists'
  /** A text tool met a binary or non-UTF-8 file. */
  | 'binary_file'
  /** What preflight resolved no longer holds at execution time. */
  | 'precondition_changed'
  /** Another I/O error; the message carries the system's own. */
  | 'io_error';

/** Any failure code: the core ones or a tool package's own snake_case code. */
export type ToolErrorCode = CoreErrorCode | (string & {});
