import { implementToolOnDemand, integerOption, type Tool, type Workspace } from '@toolgate/core';
import type { ReadFileInput, ReadFileOutput } from './read-file/read-file-schema.js';
import { READ_FILE_MAX_CHARS_LIMIT } from './read-file/read-file-schema.js';
import { READ_FILE_SPEC } from './read-file/read-file-spec.js';
import type { WriteFileInput, WriteFileOutput } from './write-file/write-file-schema.js';
import { WRITE_FILE_SPEC } from './write-file/write-file-spec.js';

/** Options for {@link createFsTools}. */
export interface FsToolsOptions {
  /** Where reads and writes may reach (`createWorkspace` from `@toolgate/core`). */
  readonly workspace: Workspace;
  /** `maxChars` of a `read_file` call that gives none. @default 12000 */
  readonly defaultReadMaxChars?: number;
}

/** The file tools, keyed by wire name. */
export interface FsTools {
  readonly read_file: Tool<ReadFileInput, ReadFileOutput>;
  readonly write_file: Tool<WriteFileInput, WriteFileOutput>;
}

/** Default `maxChars` of `read_file`, as in AI4J. */
export const DEFAULT_READ_MAX_CHARS = 12_000;

/**
 * Creates `read_file` and `write_file` bound to one workspace. Options are checked now; the code
 * that reads and writes loads on each tool's first call, so listing the tools loads none of it.
 */
export function createFsTools(options: FsToolsOptions): FsTools {
  const defaultReadMaxChars = integerOption(
    'defaultReadMaxChars',
    options.defaultReadMaxChars,
    DEFAULT_READ_MAX_CHARS,
    { maximum: READ_FILE_MAX_CHARS_LIMIT },
  );
  const { workspace } = options;
  return {
    read_file: implementToolOnDemand(READ_FILE_SPEC, { preflight: true }, async () => {
      const { createReadFileImplementation } = await import('./read-file/create-read-file-tool.js');
      return createReadFileImplementation({ workspace, defaultReadMaxChars });
    }),
    write_file: implementToolOnDemand(WRITE_FILE_SPEC, { preflight: true }, async () => {
      const { createWriteFileImplementation } = await import('./write-file/create-write-file-tool.js');
      return createWriteFileImplementation({ workspace });
    }),
  };
}
