import { stat } from 'node:fs/promises';
import { type PlannedToolImplementation, toolSuccess } from '@toolgate/core';
import { comparePaths, sortPaths } from '../internal/compare-paths.js';
import { joinDisplayPath } from '../internal/display-path.js';
import { simpleNameGlobs } from '../internal/expand-braces.js';
import {
  type CompiledGlob,
  compileGlob,
  GlobPatternError,
  isStarNameGlob,
} from '../internal/glob-matcher.js';
import { listFilesWithNode } from '../internal/node-engine.js';
import { pathChangedFailure } from '../internal/path-changed-failure.js';
import { prepareSearch } from '../internal/prepare-search.js';
import { loadRe2 } from '../internal/re2.js';
import { createReadFilter } from '../internal/read-filter.js';
import { startRegexWorker } from '../internal/regex-worker.js';
import { resolveSearchPath } from '../internal/resolve-search-path.js';
import { listFilesWithRipgrep } from '../internal/ripgrep-engine.js';
import { searchBudget } from '../internal/search-budget.js';
import type { SearchContext } from '../internal/search-context.js';
import { searchFailure } from '../internal/search-failure.js';
import type { ListOutcome } from '../internal/search-request.js';
import { GLOB_DEFAULT_MAX_RESULTS, type GlobInput, type GlobOutput } from './glob-schema.js';

type Compiled = { ok: true; glob: CompiledGlob } | { ok: false; message: string };

function compilePattern(pattern: string): Compiled {
  const quoted = JSON.stringify(pattern);
  if (pattern.trim() === '')
    return { ok: false, message: 'pattern is empty; give a glob such as "**/*.ts".' };
  if (pattern.startsWith('!')) {
    return {
      ok: false,
      message: `pattern ${quoted} is a negation; glob takes a positive pattern such as "**/*.ts".`,
    };
  }
  if (pattern.startsWith('/') || pattern.startsWith('~')) {
    return {
      ok: false,
      message: `pattern ${quoted} is absolute; make it relative and put the directory in \`path\`.`,
    };
  }
  if (pattern.split('/').includes('..')) {
    return {
      ok: false,
      message: `pattern ${quoted} contains "..": put the directory to search in \`path\` instead.`,
    };
  }
  try {
    return { ok: true, glob: compileGlob(pattern) };
  } catch (error) {
    if (error instanceof GlobPatternError)
      return { ok: false, message: `pattern ${quoted} is not a valid glob: ${error.message}` };
    throw error;
  }
}

/** `**\/*.ts` → `['*.ts']`: the file-name part of a pattern, for ripgrep to pre-filter with. */
function lastSegmentGlobs(pattern: string): string[] | undefined {
  const slash = pattern.lastIndexOf('/');
  const last = pattern.slice(slash + 1);
  if (/[()\\[\]{},]/.test(pattern.slice(0, slash + 1)) || last.includes('**')) return undefined;
  return simpleNameGlobs(last);
}

/**
 * The listed files the glob matches, in their order; undefined when the signal stopped a
 * backtracking (`!(…)`) glob, which runs in a worker for that reason.
 */
async function matchFiles(
  glob: CompiledGlob,
  files: string[],
  signal: AbortSignal,
): Promise<string[] | undefined> {
  if (glob.type === 'linear') return files.filter(glob.matcher);
  const worker = startRegexWorker(glob.regexp, signal);
  try {
    const indexes = await worker.matchingStrings(files);
    return indexes?.map((index) => files[index]!);
  } finally {
    await worker.close();
  }
}

async function newestFirst(base: string, files: string[]): Promise<string[]> {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const times = new Map<string, number>();
  await Promise.all(
    files.map(async (file) => {
      try {
        times.set(file, (await stat(prefix + file)).mtimeMs);
      } catch {
        times.set(file, 0);
      }
    }),
  );
  return files.sort((left, right) => times.get(right)! - times.get(left)! || comparePaths(left, right));
}

/** How `glob` runs over a search context; loaded on the tool's first call (see `createSearchTools`). */
export function createGlobImplementation(
  context: SearchContext,
): PlannedToolImplementation<GlobInput, GlobOutput, undefined> {
  return {
    async prepare(input) {
      if (!isStarNameGlob(input.pattern)) await loadRe2();
      const compiled = compilePattern(input.pattern);
      if (!compiled.ok) return searchFailure('invalid_arguments', compiled.message);
      return prepareSearch(context, 'glob', input.pattern, input.path);
    },
    async execute(input, { signal }) {
      if (!isStarNameGlob(input.pattern)) await loadRe2();
      const compiled = compilePattern(input.pattern);
      if (!compiled.ok) return searchFailure('invalid_arguments', compiled.message);
      const searched = await resolveSearchPath(context, input.path);
      if (searched.status === 'failure') return searched;
      const resolved = searched.output;
      if (!resolved.isDirectory) {
        return searchFailure(
          'not_a_directory',
          `Path ${JSON.stringify(resolved.path.requestedPath)} is a file; glob searches a directory. Use its parent directory as \`path\`.`,
        );
      }
      const engine = await context.engine();
      if (engine.type === 'unavailable') return searchFailure('search_engine_unavailable', engine.message);
      const budget = searchBudget(signal, context.timeoutMs);
      const settings = {
        base: resolved.path.absolutePath,
        excludedNames: context.workspace.excludedPaths,
        secrets: context.workspace.secrets,
        respectIgnoreFiles: context.respectIgnoreFiles,
        signal: budget.signal,
        readable: createReadFilter(context.workspace, resolved.path.absolutePath),
      };
      let listed: ListOutcome;
      let matched: string[] | undefined;
      try {
        listed =
          engine.type === 'ripgrep'
            ? await listFilesWithRipgrep(
                engine.ripgrepPath,
                settings,
                // A NUL byte cannot travel in a process argument: list everything and filter here.
                input.pattern.includes('\0') ? undefined : lastSegmentGlobs(input.pattern),
              )
            : await listFilesWithNode(settings);
        if (listed.type === 'done') matched = await matchFiles(compiled.glob, listed.files, budget.signal);
      } finally {
        budget.dispose();
      }
      if (listed.type === 'error') return searchFailure('io_error', `glob failed: ${listed.message}`);
      if (listed.type === 'path-changed') return pathChangedFailure('glob', resolved.path.displayPath);
      if (matched === undefined) {
        if (budget.expired()) {
          return searchFailure(
            'timeout',
            `glob stopped after ${context.timeoutMs} ms, its time limit: narrow \`path\` or the pattern.`,
          );
        }
        if (signal.aborted) return searchFailure('aborted', 'glob was cancelled before it finished.');
        return searchFailure('io_error', 'glob failed: the pattern worker stopped unexpectedly');
      }
      let found = matched;
      found =
        context.globSort === 'modified'
          ? await newestFirst(resolved.path.absolutePath, found)
          : sortPaths(found);
      const maxResults = input.maxResults ?? GLOB_DEFAULT_MAX_RESULTS;
      const matches = found
        .slice(0, maxResults)
        .map((file) => joinDisplayPath(resolved.path.displayPath, file));
      return toolSuccess({
        pattern: input.pattern,
        path: resolved.path.displayPath,
        matches,
        count: matches.length,
        truncated: found.length > maxResults,
      });
    },
  };
}
