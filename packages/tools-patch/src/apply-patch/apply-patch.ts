import { type ToolResult, toolFailure, toolSuccess, type Workspace } from '@toolgate/core';
import { commitFiles } from '../internal/commit-files.js';
import { withLocks } from '../internal/with-locks.js';
import type { ApplyPatchOutput } from './apply-patch-schema.js';
import { parsePatchText, planOperations, resolvePatchPaths } from './plan-patch.js';

/** Options for {@link applyPatch}. */
export interface ApplyPatchOptions {
  /** Cancels the call; checked up to the moment writing starts (a started write always completes or rolls back). */
  readonly signal?: AbortSignal;
  /** Flush each file to disk before it replaces the old one (crash durability). @default true */
  readonly sync?: boolean;
}

/**
 * Applies a patch atomically: resolves every path, takes the workspace lock of each real path
 * (sorted), reads and plans everything under the locks, and only when every operation can apply
 * writes the files (each atomically) and then deletes; a failed write restores what was written.
 * On any failure nothing on disk changes. Returns `apply_patch`'s result.
 */
export async function applyPatch(
  workspace: Workspace,
  text: string,
  options: ApplyPatchOptions = {},
): Promise<ToolResult<ApplyPatchOutput>> {
  const parsed = parsePatchText(text);
  if (!parsed.ok) return parsed.failure;
  const { operations } = parsed;
  // Resolve before locking (the locks are per real path), then read and plan under the locks so
  // the plan sees the files as they are now. The resolved real paths are inside the workspace.
  const resolutions = await resolvePatchPaths(workspace, operations);
  const lockPaths: string[] = [];
  for (const resolution of resolutions.paths.values()) {
    if (resolution.ok) lockPaths.push(resolution.path.absolutePath);
  }
  for (const link of resolutions.links.values()) lockPaths.push(link.absolutePath);
  return withLocks(workspace, lockPaths, async () => {
    const planned = await planOperations(workspace, operations, { diffs: false, resolutions });
    if (!planned.ok) return planned.failure;
    if (options.signal?.aborted) {
      return toolFailure(
        'aborted',
        'apply_patch was cancelled before it wrote anything. Nothing was changed.',
      );
    }
    const error = await commitFiles(planned.plan.files, { sync: options.sync ?? true });
    if (error?.stopped && error.unrestored.length === 0) {
      return toolFailure(
        'aborted',
        'apply_patch was stopped while writing because the process is exiting; every file already written was restored. Nothing was changed.',
      );
    }
    if (error) {
      return toolFailure(
        error.changed ? 'precondition_changed' : 'io_error',
        `Failed to write ${error.displayPath}: ${error.message}. ${
          error.unrestored.length === 0
            ? 'Every file already written was restored; nothing was changed.'
            : `Could not restore ${error.unrestored.join(', ')}; check them.`
        }`,
        { path: error.displayPath, unrestored: error.unrestored },
      );
    }
    return toolSuccess(planned.plan.output);
  });
}
