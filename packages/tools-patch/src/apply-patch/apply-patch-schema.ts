import { z } from 'zod';

/** Arguments of `apply_patch`. */
export const applyPatchInputSchema = z.object({
  patch: z
    .string()
    .describe(
      "The whole patch, from '*** Begin Patch' to '*** End Patch', in the apply_patch format described above.",
    ),
});

/** Arguments of `apply_patch`. */
export type ApplyPatchInput = z.output<typeof applyPatchInputSchema>;

/** What one file operation of a patch did. */
export const applyPatchFileChangeSchema = z.object({
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

/** What one file operation of a patch did. */
export type ApplyPatchFileChange = z.output<typeof applyPatchFileChangeSchema>;

/** Result of `apply_patch`. */
export const applyPatchOutputSchema = z.object({
  /** Number of file operations (`*** Add/Update/Delete File` sections). */
  operationsApplied: z.number().int(),
  /** Number of distinct files touched. */
  filesChanged: z.number().int(),
  /** Display paths of the files touched, in patch order (Move destinations included). */
  changedFiles: z.array(z.string()),
  fileChanges: z.array(applyPatchFileChangeSchema),
});

/** Result of `apply_patch`. */
export type ApplyPatchOutput = z.output<typeof applyPatchOutputSchema>;
