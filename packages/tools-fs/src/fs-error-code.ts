/**
 * Failure codes `read_file` and `write_file` return. All but `not_a_regular_file` are core's
 * shared codes, so hosts can switch on them across tool packages.
 */
export type FsErrorCode =
  /** Arguments did not match the schema (blank path, `startLine` > `endLine`, unknown `mode`, a NUL byte in a path, …). */
  | 'invalid_arguments'
  /** The call's abort signal fired. */
  | 'aborted'
  /** The path (or a symlink on the way) leads outside the workspace and its read roots. */
  | 'path_outside_workspace'
  /** write_file: the path is under `.git`, `node_modules`, `.ssh`, `.aws`, `.gnupg` or a configured protected path. */
  | 'path_protected'
  /** The path's real name, or the name it was given by, is a secret (`.env`, `*.pem`, …, or the configured `secrets`). */
  | 'secret_file'
  /** read_file: no such file (the message suggests similarly named ones). */
  | 'not_found'
  /** The path is a directory. */
  | 'is_directory'
  /** A parent on the way is a file, not a directory. */
  | 'not_a_directory'
  /** The path is a FIFO, socket or device, which the tools never open. */
  | 'not_a_regular_file'
  /** read_file: a NUL byte in the first 8 KiB. */
  | 'binary_file'
  /** write_file `create`: the file exists. */
  | 'already_exists'
  /** write_file: the path now leads somewhere other than what preflight resolved and the approver saw. */
  | 'precondition_changed'
  /** Any other I/O error; the message carries the system's own. */
  | 'io_error';
