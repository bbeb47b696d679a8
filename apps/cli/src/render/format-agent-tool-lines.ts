import {
  clipText,
  escapeControlCharacters,
  type ToolCall,
  type ToolCallPresentation,
  type ToolResult,
} from '@toolgate/core';
import type { Colors } from './colors.js';
import { formatFileChanges } from './format-file-changes.js';

const PREVIEW_LINES = 3;

/** The line `toolgate run` prints on stderr when the model calls a tool: the call's own title. */
export function formatToolCallLine(presentation: ToolCallPresentation, colors: Colors): string {
  return `${colors.cyan(`• ${presentation.title}`)}\n`;
}

/** The first lines of a display's text, dim, under the result line. */
function preview(text: string, colors: Colors): string {
  const lines = text.replace(/\n+$/, '').split('\n');
  const shown = lines
    .slice(0, PREVIEW_LINES)
    .map((line) => `    ${colors.dim(`│ ${escapeControlCharacters(clipText(line, 160))}`)}\n`);
  const more = lines.length - PREVIEW_LINES;
  return (
    shown.join('') + (more > 0 ? `    ${colors.dim(`│ … ${more} more line${more === 1 ? '' : 's'}`)}\n` : '')
  );
}

/**
 * The lines under it once the call has its result: on success the tool's display (its summary,
 * the first lines of its text) and the files it changed, else what failed or refused it.
 */
export function formatToolResultLine(
  call: ToolCall,
  result: ToolResult,
  colors: Colors,
  root: string,
): string {
  switch (result.status) {
    case 'success': {
      const summary = result.display
        ? escapeControlCharacters(clipText(result.display.summary, 160))
        : colors.dim(call.name);
      return (
        `  ${colors.green('✓')} ${summary}\n` +
        (result.display?.text || result.display?.notes
          ? preview([result.display.text, result.display.notes].filter(Boolean).join('\n'), colors)
          : '') +
        (result.changes ? formatFileChanges(result.changes, root, colors, '    ') : '')
      );
    }
    case 'failure':
      return `  ${colors.red(`✗ ${call.name} (${result.error.code})`)}: ${clipText(result.error.message.split('\n', 1)[0] ?? '', 160)}\n`;
    case 'rejected':
      return `  ${colors.yellow(`• Rejected by ${result.by}`)}: ${clipText(result.reason, 160)}\n`;
  }
}
