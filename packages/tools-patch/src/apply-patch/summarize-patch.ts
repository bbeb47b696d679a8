import type { ApprovalSummary, ToolKind } from '@toolgate/core';
import type { ApplyPatchInput } from './apply-patch-schema.js';
import { parsePatch } from './parse-patch.js';
import type { HunkLines, PatchOperation } from './patch-operation.js';

function onlyContext(lines: HunkLines): boolean {
  for (let index = 0; index < lines.count; index++) if (lines.kind(index) !== 'context') return false;
  return true;
}

/** `delete` when the patch only deletes files, `move` when it only moves them unchanged, else `edit`. */
function patchKind(operations: readonly PatchOperation[]): ToolKind {
  if (operations.every((operation) => operation.type === 'delete')) return 'delete';
  const pureMove = (operation: PatchOperation) =>
    operation.type === 'update' &&
    operation.moveTo !== undefined &&
    operation.hunks.every((hunk) => onlyContext(hunk.lines));
  return operations.every(pureMove) ? 'move' : 'edit';
}

function operationLine(operation: PatchOperation): string {
  switch (operation.type) {
    case 'add':
      return `Add ${operation.path}`;
    case 'delete':
      return `Delete ${operation.path}`;
    default:
      return operation.moveTo === undefined
        ? `Update ${operation.path}`
        : `Move ${operation.path} → ${operation.moveTo}`;
  }
}

/**
 * `apply_patch`'s declared approval summary, from the patch text alone (preflight's plan refines
 * it): every `Add/Update/Delete/Move` as a line, the paths it names (Move destinations too) and
 * its kind. Empty for text that does not parse; preflight then fails the call.
 */
export function summarizePatch(input: ApplyPatchInput): ApprovalSummary {
  const parsed = parsePatch(input.patch);
  if (!parsed.ok || parsed.operations.length === 0) return {};
  const { operations } = parsed;
  const paths = operations.flatMap((operation) =>
    operation.type === 'update' && operation.moveTo !== undefined
      ? [operation.path, operation.moveTo]
      : [operation.path],
  );
  return {
    kind: patchKind(operations),
    lines: operations.map(operationLine),
    locations: [...new Set(paths)],
  };
}
