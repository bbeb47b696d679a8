import type { ToolPresentation } from '@toolgate/core';
import type { WriteFileInput, WriteFileOutput } from './write-file-schema.js';

/** How write_file shows a call (the file) and its result (created, overwritten or appended, and how much). */
export const WRITE_FILE_PRESENTATION: ToolPresentation<WriteFileInput, WriteFileOutput> = {
  call: (input) => ({
    title: `${input.mode === 'append' ? 'Append to' : 'Write'} ${input.path}`,
    locations: [input.path],
  }),
  result(output) {
    const verb = output.appended ? 'Appended to' : output.created ? 'Created' : 'Overwrote';
    return { summary: `${verb} ${output.path} (${output.bytesWritten} bytes)` };
  },
};
