import { clipText, type ToolCall, type ToolResult } from '@toolgate/core';
import type { Colors } from './colors.js';

function argumentsText(call: ToolCall): string {
  if (call.arguments === undefined || call.arguments === null) return '';
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

/** The compact line `toolgate run` prints on stderr when the model calls a tool. */
export function formatToolCallLine(call: ToolCall, colors: Colors): string {
  return `${colors.cyan(`• ${call.name}`)} ${colors.dim(clipText(argumentsText(call).replace(/\s+/g, ' '), 100))}\n`;
}

/** The line under it once the call has its result. */
export function formatToolResultLine(call: ToolCall, result: ToolResult, colors: Colors): string {
  switch (result.status) {
    case 'success':
      return `  ${colors.green('✓')} ${colors.dim(call.name)}\n`;
    case 'failure':
      return `  ${colors.red(`✗ ${call.name} (${result.error.code})`)}: ${clipText(result.error.message.split('\n', 1)[0] ?? '', 160)}\n`;
    case 'rejected':
      return `  ${colors.yellow(`• Rejected by ${result.by}`)}: ${clipText(result.reason, 160)}\n`;
  }
}
