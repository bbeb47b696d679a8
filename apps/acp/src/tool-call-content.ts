import type { ToolCallContent } from '@agentclientprotocol/sdk';
import type { FileChangePreview, ToolResult } from '@toolgate/core';

const MAX_TEXT = 8000;

/** Text for a tool call's content, clipped for the editor. */
export function textContent(text: string): ToolCallContent {
  const clipped =
    text.length > MAX_TEXT
      ? `${text.slice(0, MAX_TEXT)}\n… (${text.length - MAX_TEXT} more characters)`
      : text;
  return { type: 'content', content: { type: 'text', text: clipped } };
}

/** One whole-file diff: a new file has no old text, a deleted one empty new text. */
export function diffContent(change: FileChangePreview): ToolCallContent {
  return { type: 'diff', path: change.path, oldText: change.oldText, newText: change.newText ?? '' };
}

/**
 * What the editor shows for a finished call, from the result alone: a whole-file diff per file
 * the call changed (the changes its preflight planned, so no file is read again), else the tool's
 * display (its text and notes, or its summary), else the output as JSON; a failure or rejection says why.
 */
export function toolCallContent(result: ToolResult): ToolCallContent[] {
  if (result.status === 'failure') return [textContent(`${result.error.code}: ${result.error.message}`)];
  if (result.status === 'rejected') return [textContent(`Not run (${result.by}): ${result.reason}`)];
  if (result.changes && result.changes.length > 0) return result.changes.map(diffContent);
  if (result.display) {
    const { text, notes, summary } = result.display;
    const shown = [text, notes].filter((part) => part !== undefined && part !== '');
    return [textContent(shown.length > 0 ? shown.join(text?.endsWith('\n') ? '' : '\n') : summary)];
  }
  return [textContent(JSON.stringify(result.output, null, 2) ?? '')];
}
