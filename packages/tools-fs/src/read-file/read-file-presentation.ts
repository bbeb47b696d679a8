import type { ToolPresentation } from '@toolgate/core';
import type { ReadFileInput, ReadFileOutput } from './read-file-schema.js';

function range(startLine: number | undefined, endLine: number | undefined): string {
  if (startLine === undefined && endLine === undefined) return '';
  return ` (lines ${startLine ?? 1}–${endLine ?? 'end'})`;
}

/** How read_file shows a call (the file and range) and its result (the lines read, the text). */
export const READ_FILE_PRESENTATION: ToolPresentation<ReadFileInput, ReadFileOutput> = {
  call: (input) => ({
    title: `Read ${input.path}${range(input.startLine, input.endLine)}`,
    locations: [input.path],
  }),
  result(output) {
    const notes = [
      ...(output.truncated ? ['cut at maxChars'] : []),
      ...(output.hasMore ? [`more lines after line ${output.endLine} (use startLine)`] : []),
    ];
    const lines =
      output.endLine < output.startLine
        ? 'no lines'
        : output.endLine === output.startLine
          ? `line ${output.startLine}`
          : `lines ${output.startLine}–${output.endLine}`;
    return {
      summary: `Read ${output.path} (${lines})${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`,
      text: output.content,
    };
  },
};
