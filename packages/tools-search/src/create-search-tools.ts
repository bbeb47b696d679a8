import {
  InvalidOptionsError,
  implementToolOnDemand,
  integerOption,
  type Tool,
  type Workspace,
} from '@toolgate/core';
import type { GlobInput, GlobOutput } from './glob/glob-schema.js';
import { GLOB_SPEC } from './glob/glob-spec.js';
import type { GrepInput, GrepOutput } from './grep/grep-schema.js';
import { GREP_SPEC } from './grep/grep-spec.js';
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

/**
 * Creates `glob` and `grep` over a workspace. Options are checked now; the search engine (walking,
 * ignore files, ripgrep, the Node matcher) loads on a tool's first call, so listing loads none of it.
 */
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
    const { chooseEngine: choose } = await import('./internal/choose-engine.js');
    return choose({ engine, ripgrepPath: options.ripgrepPath, env: options.env ?? process.env });
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
  return {
    glob: implementToolOnDemand(GLOB_SPEC, { preflight: true }, async () => {
      const { createGlobImplementation } = await import('./glob/execute-glob.js');
      return createGlobImplementation(context);
    }),
    grep: implementToolOnDemand(GREP_SPEC, { preflight: true }, async () => {
      const { createGrepImplementation } = await import('./grep/execute-grep.js');
      return createGrepImplementation(context);
    }),
  };
}
