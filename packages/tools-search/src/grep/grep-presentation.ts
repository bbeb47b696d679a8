import { escapeControlCharacters, type ToolPresentation } from '@toolgate/core';
import type { GrepInput, GrepOutput } from './grep-schema.js';

/**
 * How grep shows a call (the pattern, where) and its result (rg's `path:line:content`, one match a
 * line). A path's control characters are shown escaped (`\n`), so a file name cannot forge lines.
 */
export const GREP_PRESENTATION: ToolPresentation<GrepInput, GrepOutput> = {
  call: (input) => ({
    title: `Search for \`${input.pattern}\`${input.path ? ` in ${input.path}` : ''}`,
    locations: input.path ? [input.path] : [],
  }),
  result: (output) => {
    if (output.totalMatches === 0) return { summary: 'no matches' };
    const matches = `${output.totalMatches} match${output.totalMatches === 1 ? '' : 'es'}`;
    const files = `${output.filesMatched} file${output.filesMatched === 1 ? '' : 's'}`;
    return {
      summary: `${matches} in ${files}${output.truncated ? ' (more not shown: raise maxResults)' : ''}`,
      text: output.matches
        .map((match) => `${escapeControlCharacters(match.file)}:${match.line}:${match.content}`)
        .join('\n'),
    };
  },
};
