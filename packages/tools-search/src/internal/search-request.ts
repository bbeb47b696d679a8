import type { SecretMatcher } from '@toolgate/core';
import type { PathMatcher } from './glob-matcher.js';
import type { NodePattern } from './node-pattern.js';
import type { ReadFilter } from './read-filter.js';

/** Walking rules shared by glob and grep, both engines. */
export interface WalkSettings {
  /** Real absolute path of the directory to walk. */
  readonly base: string;
  readonly excludedNames: readonly string[];
  /** Secret names (the workspace's): never listed, searched or entered. */
  readonly secrets: SecretMatcher;
  readonly respectIgnoreFiles: boolean;
  readonly signal: AbortSignal;
  /** The workspace's read predicate, asked for every file and directory either engine reaches. */
  readonly readable: ReadFilter;
}

/** A grep request after validation. */
export interface GrepRequest extends WalkSettings {
  /** The pattern as the model gave it (ripgrep syntax). */
  readonly pattern: string;
  /** The same pattern for the Node engine. */
  readonly nodePattern: NodePattern;
  /** Run `rg` with PCRE2 (`--pcre2`): look-around and backreferences, with its match limit. */
  readonly pcre2: boolean;
  readonly caseInsensitive: boolean;
  /** Filters files by path relative to `base` (or by name); undefined keeps all. */
  readonly include: PathMatcher | undefined;
  /** `include` as plain name globs ripgrep can pre-filter with (`--type-add`), when safe. */
  readonly includeNameGlobs: readonly string[] | undefined;
  readonly maxResults: number;
  readonly maxFileSizeBytes: number;
  /** Stop in path order, so a truncated result is the same in every run and engine. */
  readonly deterministic: boolean;
  /** Set when the path names one file: its name inside `base`. */
  readonly singleFile: string | undefined;
}

/** One matching line, before display paths. */
export interface FoundMatch {
  readonly absolutePath: string;
  readonly line: number;
  readonly content: string;
}

/** What an engine found. */
export type GrepOutcome =
  | {
      readonly type: 'done';
      readonly matches: FoundMatch[];
      readonly filesSearched: number;
      /** More matches existed than `maxResults`; `matches` holds at least `maxResults + 1`. */
      readonly truncated: boolean;
    }
  | { readonly type: 'pattern-error'; readonly message: string }
  /** PCRE2 gave up on a line (its match limit): the pattern backtracks too much. */
  | { readonly type: 'too-complex'; readonly message: string }
  | { readonly type: 'error'; readonly message: string }
  | PathChanged
  | { readonly type: 'aborted' };

/** The searched directory was no longer the one that was checked (swapped for a symlink, moved): not searched. */
export interface PathChanged {
  readonly type: 'path-changed';
}

/** What a file listing found. */
export type ListOutcome =
  | { readonly type: 'done'; readonly files: string[] }
  | { readonly type: 'error'; readonly message: string }
  | PathChanged
  | { readonly type: 'aborted' };
