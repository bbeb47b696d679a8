import { escapeControlCharacters, type ToolPresentation } from '@toolgate/core';
import type { GlobInput, GlobOutput } from './glob-schema.js';

/**
 * How glob shows a call (the pattern, where) and its result (the paths found, one a line, their
 * control characters shown escaped so a file name cannot forge lines).
 */
export const GLOB_PRESENTATION: ToolPresentation<GlobInput, GlobOutput> = {
  call: (input) => ({
    title: `Find files matching \`${input.pattern}\`${input.path ? ` in ${input.path}` : ''}`,
    locations: input.path ? [input.path] : [],
  }),
  result: (output) => ({
    summary:
      output.count === 0
        ? 'no matches'
        : `${output.count} file${output.count === 1 ? '' : 's'}${output.truncated ? ' (more not shown: raise maxResults)' : ''}`,
    ...(output.count === 0
      ? {}
      : { text: output.matches.map((path) => escapeControlCharacters(path)).join('\n') }),
  }),
};
