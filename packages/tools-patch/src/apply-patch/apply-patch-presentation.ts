import type { ToolPresentation } from '@toolgate/core';
import type { ApplyPatchFileChange, ApplyPatchInput, ApplyPatchOutput } from './apply-patch-schema.js';

const LETTERS = { add: 'A', update: 'M', delete: 'D' } as const;

function changeLine(change: ApplyPatchFileChange): string {
  const moved = change.movedTo === undefined ? '' : ` -> ${change.movedTo}`;
  return `${LETTERS[change.operation]} ${change.path}${moved} (+${change.linesAdded} -${change.linesRemoved})`;
}

/**
 * How apply_patch shows its result: one `A`/`M`/`D` line per file operation. A call is shown by
 * its approval summary (every `Add/Update/Delete/Move`, the paths, the kind).
 */
export const APPLY_PATCH_PRESENTATION: ToolPresentation<ApplyPatchInput, ApplyPatchOutput> = {
  result: (output) => ({
    summary: `${output.filesChanged} file${output.filesChanged === 1 ? '' : 's'} changed`,
    text: output.fileChanges.map(changeLine).join('\n'),
  }),
};
