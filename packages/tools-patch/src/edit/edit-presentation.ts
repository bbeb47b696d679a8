import type { ToolPresentation } from '@toolgate/core';
import type { EditInput, EditOutput } from './edit-schema.js';

/** How edit shows a call (the file) and its result (how many occurrences it replaced). */
export const EDIT_PRESENTATION: ToolPresentation<EditInput, EditOutput> = {
  call: (input) => ({ title: `Edit ${input.path}`, locations: [input.path] }),
  result: (output) => ({
    summary: `Edited ${output.path} (${output.replacements} replacement${output.replacements === 1 ? '' : 's'})`,
  }),
};
