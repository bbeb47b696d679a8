import { z } from 'zod';

/** Builds {@link editInputSchema}; the tool's spec builds its own on its first call, so listing tools builds no zod schema. */
export function buildEditInputSchema() {
  return z.object({
    path: z.string().describe('File to edit, relative to the workspace root (or absolute inside it).'),
    old_string: z
      .string()
      .describe(
        'Exact text to replace, including whitespace and indentation; must occur exactly once unless replaceAll.',
      ),
    new_string: z.string().describe('Replacement text (must differ from old_string).'),
    replaceAll: z.boolean().default(false).describe('Replace every occurrence of old_string. Default false.'),
  });
}

/** Arguments of `edit`. */
export const editInputSchema = /* @__PURE__ */ buildEditInputSchema();

/** Arguments of `edit`. */
export type EditInput = z.output<typeof editInputSchema>;

/** Builds {@link editOutputSchema}. */
function buildEditOutputSchema() {
  return z.object({
    /** The path as given. */
    path: z.string(),
    /** The real absolute path written. */
    resolvedPath: z.string(),
    /** How many occurrences were replaced. */
    replacements: z.number().int(),
    success: z.literal(true),
  });
}

/** Result of `edit`. */
export const editOutputSchema = /* @__PURE__ */ buildEditOutputSchema();

/** Result of `edit`. */
export type EditOutput = z.output<typeof editOutputSchema>;
