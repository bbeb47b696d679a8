import { z } from 'zod';

/** Builds {@link applyPatchInputSchema}; the tool's spec builds its own on its first call, so listing tools builds no zod schema. */
export function buildApplyPatchInputSchema() {
  return z.object({
    patch: z
      .string()
      .describe(
        "The whole patch, from '*** Begin Patch' to '*** End Patch', in the apply_patch format described above.",
      ),
  });
}

/** Arguments of `apply_patch`. */
export const applyPatchInputSchema = /* @__PURE__ */ buildApplyPatchInputSchema();

/** Arguments of `apply_patch`. */
export type ApplyPatchInput = z.output<typeof applyPatchInputSchema>;

/** Builds {@link applyPatchFileChangeSchema}. */
function buildApplyPatchFileChangeSchema() {
  return z.object({
    /** Display path (root-relative with `/`) of the file the operation names. */
    path: z.string(),
    operation: z.enum(['add', 'update', 'delete']),
    linesAdded: z.number().int(),
    linesRemoved: z.number().int(),
    /** Destination of `*** Move to:`. */
    movedTo: z.string().optional(),
    /** An Add, or a Move destination, replaced a file that already existed. */
    replacedExisting: z.boolean().optional(),
  });
}

/** What one file operation of a patch did. */
export const applyPatchFileChangeSchema = /* @__PURE__ */ buildApplyPatchFileChangeSchema();

/** What one file operation of a patch did. */
export type ApplyPatchFileChange = z.output<typeof applyPatchFileChangeSchema>;

/** Builds {@link applyPatchOutputSchema}. */
function buildApplyPatchOutputSchema() {
  return z.object({
    /** Number of file operations (`*** Add/Update/Delete File` sections). */
    operationsApplied: z.number().int(),
    /** Number of distinct files touched. */
    filesChanged: z.number().int(),
    /** Display paths of the files touched, in patch order (Move destinations included). */
    changedFiles: z.array(z.string()),
    fileChanges: z.array(buildApplyPatchFileChangeSchema()),
  });
}

/** Result of `apply_patch`. */
export const applyPatchOutputSchema = /* @__PURE__ */ buildApplyPatchOutputSchema();

/** Result of `apply_patch`. */
export type ApplyPatchOutput = z.output<typeof applyPatchOutputSchema>;
