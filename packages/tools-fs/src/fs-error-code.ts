import type { FileErrorCode } from '@toolgate/core';

/**
 * Failure codes `read_file` and `write_file` return: core's shared file codes (`FileErrorCode`),
 * plus `binary_file` (read_file: a NUL byte in the first 8 KiB) and `already_exists` (write_file
 * `create` and the file exists). The README's table says when each one is returned.
 */
export type FsErrorCode = FileErrorCode | 'binary_file' | 'already_exists';
