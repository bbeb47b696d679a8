import type { ApprovalRemember } from './approval-summary.js';

/**
 * The remember scope of an edit: an `*_always` answer covers later calls of the same tool that make
 * exactly these changes (the same files, the same kind of change), never the whole tool, so an
 * approved "Add notes.txt" does not let a later delete run unasked.
 */
export function editScope(toolName: string, changes: readonly string[]): ApprovalRemember {
  const sorted = [...new Set(changes)].sort();
  return { key: sorted.join('\u0000'), label: `always for edits with ${toolName} to ${sorted.join(', ')}` };
}
