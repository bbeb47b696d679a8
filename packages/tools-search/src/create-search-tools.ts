import { InvalidOptionsError, integerOption, type Tool, type Workspace } from '@toolgate/core';
import { createGlobTool } from './glob/execute-glob.js';
import type { GlobInput, GlobOutput } from './glob/glob-schema.js';
import { createGrepTool } from './grep/execute-grep.js';
import type { GrepInput, GrepOutput } from './grep/grep-schema.js';
import { findRipgrep } from './internal/find-ripgrep.js';
import { ripgrepHasPcre2 } from './internal/ripgrep-has-pcre2.js';
import type { EngineChoice, SearchContext } from './internal/search-context.js';

/** Which engine searches. */
export type SearchEngine = 'auto' | 'ripgrep' | 'node';

/** Options for {@link createSearchTools}. */
export interface SearchToolsOptions {
  /** Where searches may reach; its excluded paths are skipped while walking. */
  readonly workspace: Workspace;
  /** `auto` uses `rg` when one is found, else the Node engine. @default 'auto' */
  readonly engine?: SearchEngine;
  /** The `rg` binary to run. @default the first `rg` on `PATH` */
  readonly ripgrepPath?: string;
  /** Read `.gitignore` (inside a git repository), `.ignore`, `.rgignore` and `.git/info/exclude`. @default true */
  readonly respectIgnoreFiles?: boolean;
  /** grep skips files larger than this. @default 10485760 (10 MiB) */
  readonly maxFileSizeBytes?: number;
  /**
   * When grep's results are truncated, return the first `maxResults` matches in path order, the
   * same in every run and engine. Costs ripgrep its parallelism (`--sort path`). @default false
   */
  readonly deterministicResults?: boolean;
  /** Order of glob's matches: by path, or newest first by modification time. @default 'path' */
  readonly globSort?: 'path' | 'modified';
  /**
   * Wall-clock budget of one glob or grep call, in milliseconds: past it the search stops and the
   * call fails with `timeout`. @default 30000
   */
  readonly timeoutMs?: number;
  /** Environment for finding `rg` on `PATH`. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The tools {@link createSearchTools} returns, keyed by wire name. */
export interface SearchTools {
  readonly glob: Tool<GlobInput, GlobOutput>;
  readonly grep: Tool<GrepInput, GrepOutput>;
}

/** Default wall-clock budget of one call: 30 s. */
export const DEFAULT_SEARCH_TIMEOUT_MS = 30_000;

/** Default grep file size limit: 10 MiB. */
export const DEFAULT_MAX_FILE_SIZE_BYTES = 10 * 1024 * 1024;

/** Creates `glob` and `grep` over a workspace. */
export function createSearchTools(options: SearchToolsOptions): SearchTools {
  const engine = options.engine ?? 'auto';
  if (engine !== 'auto' && engine !== 'ripgrep' && engine !== 'node') {
    throw new InvalidOptionsError(
      `engine must be 'auto', 'ripgrep' or 'node'; got ${JSON.stringify(engine)}`,
    );
  }
  const maxFileSizeBytes = integerOption(
    'maxFileSizeBytes',
    options.maxFileSizeBytes,
    DEFAULT_MAX_FILE_SIZE_BYTES,
    {
      minimum: 0,
    },
  );
  const timeoutMs = integerOption('timeoutMs', options.timeoutMs, DEFAULT_SEARCH_TIMEOUT_MS);
  let choice: Promise<EngineChoice> | undefined;
  const chooseEngine = async (): Promise<EngineChoice> => {
    if (engine === 'node') return { type: 'node' };
    const found = options.ripgrepPath ?? (await findRipgrep((options.env ?? process.env).PATH));
    if (found !== undefined)
      return { type: 'ripgrep', ripgrepPath: found, pcre2: await ripgrepHasPcre2(found) };
    if (engine === 'auto') return { type: 'node' };
    return {
      type: 'unavailable',
      message:
        'The ripgrep engine was configured but no `rg` was found on PATH; install ripgrep or use the node engine.',
    };
  };
  const context: SearchContext = {
    workspace: options.workspace,
    respectIgnoreFiles: options.respectIgnoreFiles ?? true,
    maxFileSizeBytes,
    deterministicResults: options.deterministicResults ?? false,
    globSort: options.globSort ?? 'path',
    timeoutMs,
    engine: () => {
      choice ??= chooseEngine();
      return choice;
    },
  };
  return { glob: createGlobTool(context), grep: createGrepTool(context) };
}
