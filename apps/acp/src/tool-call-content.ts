import type { ToolCallContent } from '@agentclientprotocol/sdk';
import type { ToolResult } from '@toolgate/core';
import type { FileChange } from './file-change-recorder.js';

const MAX_TEXT = 8000;

function textContent(text: string): ToolCallContent {
  const clipped =
    text.length > MAX_TEXT
      ? `${text.slice(0, MAX_TEXT)}\n… (${text.length - MAX_TEXT} more characters)`
      : text;
  return { type: 'content', content: { type: 'text', text: clipped } };
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function commandOutput(output: Record<string, unknown>): string | undefined {
  const streams = ['stdout', 'stderr', 'output', 'logs']
    .map((key) => output[key])
    .filter((value): value is string => typeof value === 'string' && value !== '');
  return streams.length > 0 ? streams.join('\n') : undefined;
}

/**
 * What the editor shows for a finished call: a whole-file diff per file an edit changed (a new
 * file has no old text, a deleted one empty new text), the command's output for bash, the failure
 * or rejection message, else the output as JSON.
 */
export function toolCallContent(
  name: string,
  result: ToolResult,
  changes: readonly FileChange[] | undefined,
): ToolCallContent[] {
  if (result.status === 'failure') return [textContent(`${result.error.code}: ${result.error.message}`)];
  if (result.status === 'rejected') return [textContent(`Not run (${result.by}): ${result.reason}`)];
  if (changes && changes.length > 0)
    return changes.map((change) => ({
      type: 'diff',
      path: change.path,
      oldText: change.oldText,
      newText: change.newText ?? '',
    }));
  const output = record(result.output);
  if (name === 'bash') {
    const text = commandOutput(output);
    if (text !== undefined) return [textContent(text)];
  }
  return [textContent(JSON.stringify(result.output, null, 2) ?? '')];
}
