export {
  createFsTools,
  DEFAULT_READ_MAX_CHARS,
  type FsTools,
  type FsToolsOptions,
} from './create-fs-tools.js';
export type { FsErrorCode } from './fs-error-code.js';
export { READ_FILE_DESCRIPTION } from './read-file/read-file-description.js';
export {
  READ_FILE_INPUT_SCHEMA,
  READ_FILE_MAX_CHARS_LIMIT,
  READ_FILE_OUTPUT_SCHEMA,
  type ReadFileInput,
  type ReadFileOutput,
} from './read-file/read-file-schema.js';
export { READ_FILE_SPEC } from './read-file/read-file-spec.js';
export { WRITE_FILE_DESCRIPTION } from './write-file/write-file-description.js';
export {
  WRITE_FILE_INPUT_SCHEMA,
  WRITE_FILE_MODES,
  WRITE_FILE_OUTPUT_SCHEMA,
  type WriteFileInput,
  type WriteFileMode,
  type WriteFileOutput,
} from './write-file/write-file-schema.js';
export { WRITE_FILE_SPEC } from './write-file/write-file-spec.js';
