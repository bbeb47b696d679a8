import { lenientInteger } from '@toolgate/core/workspace-io';
import { z } from 'zod';
import { workspacePathSchema } from '../internal/workspace-path-schema.js';

/** The largest `maxChars` a call may ask for (about 20 MB of text in memory). */
export const READ_FILE_MAX_CHARS_LIMIT = 10_000_000;

/** Builds {@link READ_FILE_INPUT_SCHEMA}; the tool's spec builds its own on its first call, so listing tools builds no zod schema. */
export function buildReadFileInputSchema() {
  return z.object({
    path: workspacePathSchema(
      'File to read: relative to the workspace root, or absolute. `~` is the home directory.',
    ),
    startLine: lenientInteger(z.int().min(1, 'must be 1 or more (lines are 1-based)'))
      .optional()
      .describe('First line to return, 1-based. Default 1.'),
    endLine: lenientInteger(z.int().min(1, 'must be 1 or more (lines are 1-based)'))
      .optional()
      .describe('Last line to return, 1-based and inclusive. Default: the end of the file.'),
    maxChars: lenientInteger(
      z
        .int()
        .min(1, 'must be 1 or more')
        .max(READ_FILE_MAX_CHARS_LIMIT, `must be at most ${READ_FILE_MAX_CHARS_LIMIT}`),
    )
      .optional()
      .describe('Cut the content after this many characters. Default 12000.'),
  });
}

/** Arguments of `read_file`. */
export const READ_FILE_INPUT_SCHEMA = /* @__PURE__ */ buildReadFileInputSchema();

/** Typed arguments of `read_file`. */
export type ReadFileInput = z.output<typeof READ_FILE_INPUT_SCHEMA>;

/** Builds {@link READ_FILE_OUTPUT_SCHEMA}. */
function buildReadFileOutputSchema() {
  return z.object({
    /** Root-relative path with `/` (`.` for the root), or absolute when outside the workspace. */
    path: z.string(),
    /** Lines `startLine..endLine` joined with `\n`, without line numbers, BOM or final newline. */
    content: z.string(),
    /** First line returned, 1-based. */
    startLine: z.int(),
    /** Last line that appears in `content` (in part when `truncated`); `startLine - 1` when none does. */
    endLine: z.int(),
    /** The content was cut at `maxChars`. */
    truncated: z.boolean(),
    /** Lines remain after `endLine`. */
    hasMore: z.boolean(),
  });
}

/** Result of `read_file`. */
export const READ_FILE_OUTPUT_SCHEMA = /* @__PURE__ */ buildReadFileOutputSchema();

/** Result of `read_file`. */
export type ReadFileOutput = z.output<typeof READ_FILE_OUTPUT_SCHEMA>;
