/** Failure codes glob and grep return. */
export type SearchErrorCode =
  /** Arguments did not match the schema, or the pattern (glob or regex) does not compile. */
  | 'invalid_arguments'
  /** `path` resolved outside the workspace and its read roots. */
  | 'path_outside_workspace'
  /** The path's real name, or the name it was given by, is a secret (`.env`, `*.pem`, …, or the configured `secrets`). */
  | 'secret_file'
  /** `path` (or its real path) is refused by the workspace's read policy (a deny rule for reading it). */
  | 'path_denied'
  /** `path` is toolgate's state directory or the user's configuration, which no tool reads. */
  | 'path_protected'
  /** `path` does not exist. */
  | 'not_found'
  /** glob's `path` is a file, or a component of `path` is not a directory. */
  | 'not_a_directory'
  /** The searched directory was swapped (for a symlink, or moved) after `path` was checked; nothing was searched. */
  | 'precondition_changed'
  /** The engine `ripgrep` was asked for and no `rg` was found. */
  | 'search_engine_unavailable'
  /** The call's signal aborted the search; `rg` was killed. */
  | 'aborted'
  /** The search ran past its wall-clock budget (`timeoutMs`) and was stopped. */
  | 'timeout'
  /** PCRE2 (look-around, backreferences in `rg --pcre2`) hit its match limit on some line. */
  | 'pattern_too_complex'
  /** `rg` failed in an unexpected way, or another I/O error; the message carries it. */
  | 'io_error';
