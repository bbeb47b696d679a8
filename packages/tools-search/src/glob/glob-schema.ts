import { lenientInteger } from '@toolgate/core/workspace-io';
import { z } from 'zod';

/** Default `maxResults` of glob. */
export const GLOB_DEFAULT_MAX_RESULTS = 1000;

/** Builds {@link GLOB_INPUT_SCHEMA}; the tool's spec builds its own on its first call, so listing tools builds no zod schema. */
export function buildGlobInputSchema() {
  return z.object({
    pattern: z
      .string()
      .min(1)
      .describe('Glob in fast-glob syntax, relative to `path`, e.g. `**/*.ts` or `src/**/*.{js,jsx}`.'),
    path: z.string().optional().describe('Directory to search in. Defaults to the workspace root.'),
    maxResults: lenientInteger(z.int().min(1)).optional().describe('Most paths to return. Defaults to 1000.'),
  });
}

/** Arguments of `glob`. */
export const GLOB_INPUT_SCHEMA = /* @__PURE__ */ buildGlobInputSchema();

/** Validated `glob` input. */
export type GlobInput = z.output<typeof GLOB_INPUT_SCHEMA>;

/** What `glob` returns. */
export interface GlobOutput {
  /** The pattern as given. */
  readonly pattern: string;
  /** The directory searched, root-relative with `/` (`.` for the root). */
  readonly path: string;
  /** Matching files, root-relative with `/`, sorted by path (or newest first). */
  readonly matches: readonly string[];
  /** `matches.length`. */
  readonly count: number;
  /** True only when more files matched than were returned. */
  readonly truncated: boolean;
}
