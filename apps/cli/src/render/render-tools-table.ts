import { type ApprovalMode, type ApprovalSubject, describeSource, type ToolDefinition } from '@toolgate/core';
import { describeApprovalRule } from './approval-rule.js';
import type { Colors } from './colors.js';

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() ?? '';
}

/** `built-in`, `mcp:<server>`, …: where a tool comes from, in a word. */
export function sourceOf(definition: ToolDefinition): string {
  return definition.source.type === 'mcp'
    ? `mcp:${definition.source.server}`
    : describeSource(definition.source);
}

/** `toolgate tools`: name, kind, source, whether the mode asks, first line of the description. */
export function renderToolsTable(
  tools: readonly ApprovalSubject[],
  mode: ApprovalMode,
  colors: Colors,
  width = 120,
): string {
  if (tools.length === 0) return 'No tools.\n';
  const header = ['TOOL', 'KIND', 'SOURCE', `ASKS (${mode})`, 'DESCRIPTION'];
  const rows = tools.map((tool) => [
    tool.definition.name,
    tool.definition.kind,
    sourceOf(tool.definition),
    describeApprovalRule(mode, tool),
    firstLine(tool.definition.description),
  ]);
  const widths = header
    .slice(0, 4)
    .map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const pad = (cells: readonly string[]) =>
    cells
      .slice(0, 4)
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ');
  const used = widths.reduce((sum, value) => sum + value + 2, 0);
  const room = Math.max(20, width - used);
  const clip = (text: string) => (text.length > room ? `${text.slice(0, room - 1)}…` : text);
  const lines = [colors.bold(`${pad(header)}  ${header[4]}`)];
  for (const row of rows) lines.push(`${pad(row)}  ${colors.dim(clip(row[4]!))}`);
  return `${lines.join('\n')}\n`;
}
