import type { ApprovalRequest } from '@toolgate/core';
import type { Colors } from '../render/colors.js';
import { formatDiff } from '../render/format-diff.js';

/**
 * The approval block: `• Approval required for <tool>`, the summary lines
 * (the first behind `└`), then the planned diff for edits.
 */
export function formatApprovalBlock(request: ApprovalRequest, colors: Colors): string {
  const out = [colors.bold(`• ${request.title}`)];
  request.lines.forEach((line, index) => {
    out.push(index === 0 ? `  └ ${line}` : `    ${line}`);
  });
  if (request.diff) {
    out.push(
      formatDiff(request.diff, colors)
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n'),
    );
  }
  return `${out.join('\n')}\n`;
}
