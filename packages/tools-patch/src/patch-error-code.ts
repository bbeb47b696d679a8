import type { FileErrorCode } from '@toolgate/core';

/**
 * Failure codes the patch tools return: their own, plus the file codes every built-in file tool
 * shares (core's `FileErrorCode`). The README's table says when each one is returned.
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
  /** The file is over the 256 MiB the patch tools hold in memory; the message gives both sizes. */
  | 'file_too_large'
  /** The file is binary or not UTF-8; it is never rewritten. */
  | 'binary_file'
  /**
   * Core's shared file codes: a path the workspace refuses, a file missing, a directory or a FIFO
   * where a file is needed, a path that changed since preflight, an I/O failure (every file
   * `apply_patch` already wrote is restored), bad arguments, a cancelled call.
   */
  | FileErrorCode;
