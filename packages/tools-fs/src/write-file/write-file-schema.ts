import { lenientWord } from '@toolgate/core/workspace-io';
import { z } from 'zod';
import { workspacePathSchema } from '../internal/workspace-path-schema.js';

/** The write modes, as the model spells them (case-insensitive on input). */
export const WRITE_FILE_MODES = ['create', 'overwrite', 'append'] as const;

/** A write mode. */
export type WriteFileMode = (typeof WRITE_FILE_MODES)[number];

/** Builds {@link WRITE_FILE_INPUT_SCHEMA}; the tool's spec builds its own on its first call, so listing tools builds no zod schema. */
export function buildWriteFileInputSchema() {
  return z.object({
    path: workspacePathSchema(
      'File to write, relative to the workspace root (or absolute inside it). Parent directories are created.',
    ),
    content: z.string().describe('The text to write (UTF-8), in full; for append, the text to add.'),
    mode: lenientWord(z.enum(WRITE_FILE_MODES))
      .optional()
      .describe(
        'create: fail if the file exists; overwrite (default): replace it or create it; append: add to the end, or create it.',
      ),
  });
}

/** Arguments of `write_file`. */
export const WRITE_FILE_INPUT_SCHEMA = /* @__PURE__ */ buildWriteFileInputSchema();

/** Typed arguments of `write_file`. */
export type WriteFileInput = z.output<typeof WRITE_FILE_INPUT_SCHEMA>;

/** Builds {@link WRITE_FILE_OUTPUT_SCHEMA}. */
function buildWriteFileOutputSchema() {
  return z.object({
    /** The path as given (trimmed). */
    path: z.string(),
    /** The real absolute path written (symlinks resolved). */
    resolvedPath: z.string(),
    /** The mode used. */
    mode: z.enum(WRITE_FILE_MODES),
    /** The file did not exist before. */
    created: z.boolean(),
    /** The content was appended. */
    appended: z.boolean(),
    /** UTF-8 bytes of `content`. */
    bytesWritten: z.int(),
  });
}

/** Result of `write_file`. */
export const WRITE_FILE_OUTPUT_SCHEMA = /* @__PURE__ */ buildWriteFileOutputSchema();

/** Result of `write_file`. */
export type WriteFileOutput = z.output<typeof WRITE_FILE_OUTPUT_SCHEMA>;
