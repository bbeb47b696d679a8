import type { ToolCallContent } from '@agentclientprotocol/sdk';
import type { ToolResult } from '@toolgate/core';

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
 * What the editor shows for a finished call: a diff for edit and write_file (a new file has no old
 * text), the command's output for bash, the failure or rejection message, else the output as JSON.
 */
export function toolCallContent(name: string, input: unknown, result: ToolResult): ToolCallContent[] {
  if (result.status === 'failure') return [textContent(`${result.error.code}: ${result.error.message}`)];
  if (result.status === 'rejected') return [textContent(`Not run (${result.by}): ${result.reason}`)];
  const args = record(input);
  const output = record(result.output);
  const path = typeof output.resolvedPath === 'string' ? output.resolvedPath : undefined;
  if (name === 'edit' && path && typeof args.old_string === 'string' && typeof args.new_string === 'string')
    return [{ type: 'diff', path, oldText: args.old_string, newText: args.new_string }];
  if (name === 'write_file' && path && output.created === true && typeof args.content === 'string')
    return [{ type: 'diff', path, oldText: null, newText: args.content }];
  if (name === 'bash') {
    const text = commandOutput(output);
    if (text !== undefined) return [textContent(text)];
  }
  return [textContent(JSON.stringify(result.output, null, 2) ?? '')];
}
