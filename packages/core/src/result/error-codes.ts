/** Codes any tool's call may end with: its arguments did not fit the schema, or it was cancelled. */
export type CallErrorCode =
  /** Arguments were not JSON, not an object, or did not match the schema. */
  | 'invalid_arguments'
  /** The call's abort signal fired before or while it ran. */
  | 'aborted';

/** Codes of a path the workspace refused (`resolveReadable`, `resolveWritable`). */
export type PathErrorCode =
  /** A path resolved outside the workspace and its extra read roots. */
  | 'path_outside_workspace'
  /** A write to a protected path (`.git`, `node_modules`, `.ssh`, …), or any use of an unreachable one (toolgate's state, the user's configuration). */
  | 'path_protected'
  /** A read the host's read policy refuses (a permission rule that denies reading the path). */
  | 'path_denied'
  /** A read or write of a secret (`.env`, `*.pem`, …; the workspace's `secrets` patterns). */
  | 'secret_file';

/** The codes {@link ioFailure} returns. */
export type IoFailureCode = 'not_found' | 'is_directory' | 'not_a_directory' | 'io_error';

/**
 * The codes a tool that reads or writes files in the workspace shares with every other such tool:
 * {@link CallErrorCode}, {@link PathErrorCode}, {@link IoFailureCode} (`not_found`, `is_directory`,
 * `not_a_directory`, `io_error`), and these two. A file tool's own union adds its codes to this.
 */
export type FileErrorCode =
  | CallErrorCode
  | PathErrorCode
  | IoFailureCode
  /** A FIFO, socket or device where a regular file is needed; never opened. */
  | 'not_a_regular_file'
  /** What preflight resolved no longer holds at execution time. */
  | 'precondition_changed';

/**
 * Failure codes used across toolgate. Tool packages may add their own snake_case codes; these are
 * the ones core and the built-in tools share, so hosts can switch on them.
 */
export type CoreErrorCode =
  | FileErrorCode
  /** No tool of that name in the surface. */
  | 'unknown_tool'
  /** A tool threw instead of returning a result; a bug in the tool, reported instead of crashing. */
  | 'internal_error'
  /** A file exists where the call required that none does. */
  | 'already_exists'
  /** A text tool met a binary or non-UTF-8 file. */
  | 'binary_file';

/** Any failure code: the core ones or a tool package's own snake_case code. */
export type ToolErrorCode = CoreErrorCode | (string & {});
