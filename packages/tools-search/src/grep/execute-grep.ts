import { basename, dirname } from 'node:path';
import { type PlannedToolImplementation, type ToolResult, toolSuccess } from '@toolgate/core';
import { sortByPath } from '../internal/compare-paths.js';
import { simpleNameGlobs } from '../internal/expand-braces.js';
import {
  type CompiledGlob,
  compileGlob,
  GlobPatternError,
  type PathMatcher,
} from '../internal/glob-matcher.js';
import { grepWithNode } from '../internal/node-engine.js';
import { compileNodePattern, type NodePattern } from '../internal/node-pattern.js';
import { pathChangedFailure } from '../internal/path-changed-failure.js';
import { prepareSearch } from '../internal/prepare-search.js';
import { loadRe2 } from '../internal/re2.js';
import { createReadFilter } from '../internal/read-filter.js';
import { resolveSearchPath } from '../internal/resolve-search-path.js';
import { grepWithRipgrep } from '../internal/ripgrep-engine.js';
import { needsBacktracking, PatternSyntaxError } from '../internal/rust-regex.js';
import { searchBudget } from '../internal/search-budget.js';
import type { SearchContext } from '../internal/search-context.js';
import { searchFailure } from '../internal/search-failure.js';
import type { GrepOutcome, GrepRequest } from '../internal/search-request.js';
import { GREP_DEFAULT_MAX_RESULTS, type GrepInput, type GrepMatch, type GrepOutput } from './grep-schema.js';

interface Include {
  readonly matcher: PathMatcher;
  readonly nameGlobs: readonly string[] | undefined;
}

function compileInclude(include: string): Include | string {
  const quoted = JSON.stringify(include);
  if (include.startsWith('!') || include.startsWith('/') || include.split('/').includes('..')) {
    return `include ${quoted} must be a positive glob relative to \`path\`, such as "*.ts" or "src/**/*.ts".`;
  }
  let compiled: CompiledGlob;
  try {
    compiled = compileGlob(include);
  } catch (error) {
    if (error instanceof GlobPatternError) return `include ${quoted} is not a valid glob: ${error.message}`;
    throw error;
  }
  if (compiled.type === 'backtracking') {
    return `include ${quoted} uses the negated extglob !(…), which include does not take (it cannot be matched in linear time); list the files with glob instead, or name what to include.`;
  }
  const matcher = compiled.matcher;
  if (include.includes('/')) return { matcher, nameGlobs: undefined };
  const nameGlobs = simpleNameGlobs(include);
  return {
    matcher: (relativePath) => matcher(relativePath.slice(relativePath.lastIndexOf('/') + 1)),
    nameGlobs,
  };
}

/** Stands in for a pattern only `rg` can compile; never run (rg answers first). */
const NEVER_MATCHES: NodePattern = {
  linear: { line: { test: () => false }, text: { test: () => false } },
  linearNeedsAscii: false,
  backtracking: undefined,
};

function compile(pattern: string, caseInsensitive: boolean): NodePattern | PatternSyntaxError {
  try {
    return compileNodePattern(pattern, caseInsensitive);
  } catch (error) {
    if (error instanceof PatternSyntaxError) return error;
    throw error;
  }
}

/** How `grep` runs over a search context; loaded on the tool's first call (see `createSearchTools`). */
export function createGrepImplementation(
  context: SearchContext,
): PlannedToolImplementation<GrepInput, GrepOutput, undefined> {
  const check = (input: GrepInput): string | Include | undefined => {
    if (input.pattern.trim() === '')
      return 'pattern is empty; give a regular expression such as "TODO|FIXME".';
    return input.include === undefined ? undefined : compileInclude(input.include);
  };
  return {
    async prepare(input) {
      await loadRe2();
      const checked = check(input);
      if (typeof checked === 'string') return searchFailure('invalid_arguments', checked);
      return prepareSearch(context, 'grep', input.pattern, input.path);
    },
    async execute(input, { signal }): Promise<ToolResult<GrepOutput>> {
      await loadRe2();
      const checked = check(input);
      if (typeof checked === 'string') return searchFailure('invalid_arguments', checked);
      const searched = await resolveSearchPath(context, input.path);
      if (searched.status === 'failure') return searched;
      const resolved = searched.output;
      const caseInsensitive = input.caseInsensitive ?? false;
      const compiled = compile(input.pattern, caseInsensitive);
      const engine = await context.engine();
      if (engine.type === 'unavailable') return searchFailure('search_engine_unavailable', engine.message);
      const invalidPattern = (message: string) =>
        searchFailure(
          'invalid_arguments',
          `pattern ${JSON.stringify(input.pattern)} is not a valid regular expression: ${message}`,
        );
      if (compiled instanceof PatternSyntaxError && engine.type === 'node')
        return invalidPattern(compiled.message);
      const absolutePath = resolved.path.absolutePath;
      const maxResults = input.maxResults ?? GREP_DEFAULT_MAX_RESULTS;
      const budget = searchBudget(signal, context.timeoutMs);
      const base = resolved.isDirectory ? absolutePath : dirname(absolutePath);
      const request: GrepRequest = {
        base,
        readable: createReadFilter(context.workspace, base),
        excludedNames: context.workspace.excludedPaths,
        secrets: context.workspace.secrets,
        respectIgnoreFiles: context.respectIgnoreFiles,
        signal: budget.signal,
        pattern: input.pattern,
        nodePattern: compiled instanceof PatternSyntaxError ? NEVER_MATCHES : compiled,
        pcre2: false,
        caseInsensitive,
        include: checked?.matcher,
        includeNameGlobs: checked?.nameGlobs,
        maxResults,
        maxFileSizeBytes: context.maxFileSizeBytes,
        deterministic: context.deterministicResults,
        singleFile: resolved.isDirectory ? undefined : basename(absolutePath),
      };
      let outcome: GrepOutcome;
      // A NUL byte cannot travel in a process argument: such a pattern or include runs in Node.
      const passesToRipgrep = !`${input.pattern}${input.include ?? ''}`.includes('\0');
      // Look-around and backreferences: rg's own engine refuses them; its PCRE2 (when built in)
      // takes them with a match limit, else the Node engine runs them in a worker under the budget.
      const backtracking = needsBacktracking(input.pattern);
      try {
        if (engine.type === 'ripgrep' && passesToRipgrep && (!backtracking || (await engine.pcre2()))) {
          outcome = await grepWithRipgrep(engine.ripgrepPath, { ...request, pcre2: backtracking });
          if (outcome.type === 'pattern-error') {
            // rg cannot take it: the Node engine can, when it compiles.
            if (compiled instanceof PatternSyntaxError) return invalidPattern(outcome.message);
            outcome = await grepWithNode(request);
          }
        } else {
          if (compiled instanceof PatternSyntaxError) return invalidPattern(compiled.message);
          outcome = await grepWithNode(request);
        }
      } finally {
        budget.dispose();
      }
      if (outcome.type === 'aborted' && budget.expired()) {
        return searchFailure(
          'timeout',
          `grep stopped after ${context.timeoutMs} ms, its time limit: narrow \`path\` or \`include\`, or simplify the pattern.`,
        );
      }
      if (outcome.type === 'aborted')
        return searchFailure('aborted', 'grep was cancelled before it finished.');
      if (outcome.type === 'error') return searchFailure('io_error', `grep failed: ${outcome.message}`);
      if (outcome.type === 'path-changed') return pathChangedFailure('grep', resolved.path.displayPath);
      if (outcome.type === 'pattern-error') return invalidPattern(outcome.message);
      if (outcome.type === 'too-complex') {
        return searchFailure(
          'pattern_too_complex',
          `pattern ${JSON.stringify(input.pattern)} backtracks too much (${outcome.message}); avoid nested quantifiers such as (a+)+ and alternatives that overlap such as (a|a)*.`,
        );
      }
      // A file's matches come one after another: its display path is made once.
      let lastPath: string | undefined;
      let lastDisplay = '';
      const all: GrepMatch[] = outcome.matches.map((match) => {
        if (match.absolutePath !== lastPath) {
          lastPath = match.absolutePath;
          lastDisplay = context.workspace.toDisplayPath(match.absolutePath);
        }
        return { file: lastDisplay, line: match.line, content: match.content };
      });
      sortByPath(
        all,
        (match) => match.file,
        (left, right) => left.line - right.line,
      );
      const matches = all.slice(0, maxResults);
      return toolSuccess({
        pattern: input.pattern,
        path: resolved.path.displayPath,
        matches,
        filesSearched: outcome.filesSearched,
        filesMatched: new Set(matches.map((match) => match.file)).size,
        totalMatches: matches.length,
        truncated: outcome.truncated,
      });
    },
  };
}
