export {
  createSearchTools,
  DEFAULT_MAX_FILE_SIZE_BYTES,
  DEFAULT_SEARCH_TIMEOUT_MS,
  type SearchEngine,
  type SearchTools,
  type SearchToolsOptions,
} from './create-search-tools.js';
export { GLOB_DESCRIPTION } from './glob/glob-description.js';
export {
  GLOB_DEFAULT_MAX_RESULTS,
  GLOB_INPUT_SCHEMA,
  type GlobInput,
  type GlobOutput,
} from './glob/glob-schema.js';
export { GLOB_SPEC } from './glob/glob-spec.js';
export { GREP_DESCRIPTION } from './grep/grep-description.js';
export {
  GREP_DEFAULT_MAX_RESULTS,
  GREP_INPUT_SCHEMA,
  type GrepInput,
  type GrepMatch,
  type GrepOutput,
} from './grep/grep-schema.js';
export { GREP_SPEC } from './grep/grep-spec.js';
export type { SearchErrorCode } from './search-error-code.js';
