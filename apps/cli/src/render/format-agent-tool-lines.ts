import {
  clipText,
  escapeControlCharacters,
  type ToolCall,
  type ToolCallPresentation,
  type ToolResult,
} from '@toolgate/core';
import type { Colors } from './colors.js';
import { formatChangeDiffs, formatFileChanges } from './format-file-changes.js';

const PREVIEW_LINES = 5;
const PREVIEW_WIDTH = 160;

/** The line `toolgate run` prints on stderr when the model calls a tool: the call's own title. */
export function formatToolCallLine(presentation: ToolCallPresentation, colors: Colors): string {
  return `${colors.cyan(`• ${presentation.title}`)}\n`;
}

/** One line of output as the preview shows it: its indentation kept, its end clipped, controls escaped. */
function previewLine(line: string): string {
  const clipped = line.length > PREVIEW_WIDTH ? `${line.slice(0, PREVIEW_WIDTH)}…` : line;
  return escapeControlCharacters(clipped.replace(/\s+$/, ''));
}

/** The first lines of a display's text, dim, under the result line. */
function preview(text: string, colors: Colors): string {
  const lines = text.replace(/\n+$/, '').split('\n');
  const shown = lines.slice(0, PREVIEW_LINES).map((line) => `    ${colors.dim(`│ ${previewLine(line)}`)}\n`);
  const more = lines.length - PREVIEW_LINES;
  return (
    shown.join('') + (more > 0 ? `    ${colors.dim(`│ … ${more} more line${more === 1 ? '' : 's'}`)}\n` : '')
  );
}

/** How much of a result the lines show. */
export interface ToolResultDetail {
  /** Every changed file's diff under its `A`/`M`/`D` line (`--verbose`). @default only the counts */
  readonly diffs?: boolean;
}

/**
 * The lines under it once the call has its result: on success the tool's display (its summary,
 * the first lines of its text) or, for a call that changed files, one `A`/`M`/`D` line per file
 * with its added and removed lines (and the diffs when asked), else what failed or refused it.
 */
export function formatToolResultLine(
  call: ToolCall,
  result: ToolResult,
  colors: Colors,
  root: string,
  detail: ToolResultDetail = {},
): string {
  switch (result.status) {
    case 'success': {
      const summary = result.display
        ? escapeControlCharacters(clipText(result.display.summary, PREVIEW_WIDTH))
        : colors.dim(call.name);
      const head = `  ${colors.green('✓')} ${summary}\n`;
      // The planned changes say what the call did to files better than any text could.
      if (result.changes && result.changes.length > 0)
        return (
          head +
          formatFileChanges(result.changes, root, colors, '    ') +
          (detail.diffs ? formatChangeDiffs(result.changes, root, colors, '      ') : '')
        );
      return (
        head +
        (result.display?.text || result.display?.notes
          ? preview([result.display.text, result.display.notes].filter(Boolean).join('\n'), colors)
          : '')
      );
    }
    case 'failure':
      return `  ${colors.red(`✗ ${call.name} (${result.error.code})`)}: ${clipText(result.error.message.split('\n', 1)[0] ?? '', 160)}\n`;
    case 'rejected':
      return `  ${colors.yellow(`• Rejected by ${result.by}`)}: ${clipText(result.reason, 160)}\n`;
  }
}
