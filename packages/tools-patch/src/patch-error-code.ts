/**
 * Failure codes the patch tools return. `apply_patch` and `edit` share the workspace codes
 * (`path_outside_workspace`, `path_protected`, `not_found`, `is_directory`, `binary_file`,
 * `io_error`, `invalid_arguments`) with the other built-in tools.
 */
export type PatchErrorCode =
  /** The patch text does not follow the grammar; the message names the line and what was expected. */
  | 'patch_parse_error'
  /** A hunk's context or removed lines were not found; the message shows the closest region. */
  | 'patch_context_mismatch'
  /** `edit`: `old_string` does not occur in the file. */
  | 'edit_no_match'
  /** `edit`: `old_string` occurs more than once and `replaceAll` is false. */
  | 'edit_ambiguous_match'
  /** A file to update or delete does not exist. */
  | 'not_found'
  /** A file operation names a directory. */
  | 'is_directory'
  /** The file is binary or not UTF-8; it is never rewritten. */
  | 'binary_file'
  /** The path is a FIFO, socket or device; it is never read. */
  | 'not_a_regular_file'
  /** The file is over the 256 MiB the patch tools hold in memory; the message gives both sizes. */
  | 'file_too_large'
  /** The path became a symbolic link between its resolution and its read. */
  | 'precondition_changed'
  /** The path resolves outside the workspace. */
  | 'path_outside_workspace'
  /** The path is protected (`.git`, `node_modules`, `.ssh`, …). */
  | 'path_protected'
  /** The path's real name, or the name it was given by, is a secret (`.env`, `*.pem`, …, or the configured `secrets`). */
  | 'secret_file'
  /** A path component is a file where a directory is needed. */
  | 'not_a_directory'
  /** Bad arguments (empty `old_string`, identical strings, a NUL byte in a path, …). */
  | 'invalid_arguments'
  /** Reading or writing failed; for `apply_patch` every file already written was restored. */
  | 'io_error'
  /** The call was cancelled before anything was written, or the host stopped the commit to exit (all restored). */
  | 'aborted';
