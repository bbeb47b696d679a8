import { lenientInteger } from '@toolgate/core/workspace-io';
import { z } from 'zod';

/** Default `maxResults` of grep. */
export const GREP_DEFAULT_MAX_RESULTS = 100;

/** Builds {@link GREP_INPUT_SCHEMA}; the tool's spec builds its own on its first call, so listing tools builds no zod schema. */
export function buildGrepInputSchema() {
  return z.object({
    pattern: z.string().min(1).describe('Regular expression (ripgrep / Rust syntax) searched line by line.'),
    path: z.string().optional().describe('Directory or file to search. Defaults to the workspace root.'),
    include: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Only search files matching this glob: on the file name (`*.ts`, `*.{js,jsx}`), or on the path relative to `path` when it contains `/` (`src/**/*.ts`).',
      ),
    caseInsensitive: z.boolean().optional().describe('Match without regard to case. Defaults to false.'),
    maxResults: lenientInteger(z.int().min(1))
      .optional()
      .describe('Most matching lines to return. Defaults to 100.'),
  });
}

/** Arguments of `grep`. */
export const GREP_INPUT_SCHEMA = /* @__PURE__ */ buildGrepInputSchema();

/** Validated `grep` input. */
export type GrepInput = z.output<typeof GREP_INPUT_SCHEMA>;

/** One matching line. */
export interface GrepMatch {
  /** Root-relative path with `/`. */
  readonly file: string;
  /** 1-based line number. */
  readonly line: number;
  /** The line without its terminator; lines over 2000 characters are clipped with a marker. */
  readonly content: string;
}

/** What `grep` returns. */
export interface GrepOutput {
  readonly pattern: string;
  /** The directory or file searched, root-relative with `/`. */
  readonly path: string;
  /** One entry per matching line, sorted by file, then line. */
  readonly matches: readonly GrepMatch[];
  /** Files searched (after ignore rules, `include` and the size limit); when truncated, those known searched before the search stopped. */
  readonly filesSearched: number;
  /** Distinct files among `matches`. */
  readonly filesMatched: number;
  /** `matches.length`. */
  readonly totalMatches: number;
  /** True only when more lines matched than were returned. */
  readonly truncated: boolean;
}
