import { type ToolResult, toolFailure, toolSuccess, type Workspace } from '@toolgate/core';
import { commitFiles } from '../internal/commit-files.js';
import { withLocks } from '../internal/with-locks.js';
import type { ApplyPatchOutput } from './apply-patch-schema.js';
import { type PatchPlan, type PatchPlanResult, planPatch } from './plan-patch.js';

/** Options for {@link applyPatch}. */
export interface ApplyPatchOptions {
  /** Cancels the call; checked up to the moment writing starts (a started write always completes or rolls back). */
  readonly signal?: AbortSignal;
  /** A plan made earlier (by preflight): its paths are locked first; the patch is re-planned under the locks. */
  readonly plan?: PatchPlan;
}

const MAX_LOCK_ATTEMPTS = 3;

/**
 * Applies a patch atomically: plans it, takes the workspace lock of every path it touches (sorted),
 * plans it again under the locks (files may have changed), and only when every operation can apply
 * writes the files (each atomically) and then deletes; a failed write restores what was written.
 * On any failure nothing on disk changes. Returns `apply_patch`'s result.
 */
export async function applyPatch(
  workspace: Workspace,
  text: string,
  options: ApplyPatchOptions = {},
): Promise<ToolResult<ApplyPatchOutput>> {
  let lockPaths: readonly string[];
  if (options.plan) {
    lockPaths = options.plan.lockPaths;
  } else {
    const first = await planPatch(workspace, text);
    if (!first.ok) return first.failure;
    lockPaths = first.plan.lockPaths;
  }
  for (let attempt = 1; ; attempt++) {
    const locked = new Set(lockPaths);
    const outcome = await withLocks(
      workspace,
      lockPaths,
      async (): Promise<ToolResult<ApplyPatchOutput> | PatchPlanResult> => {
        const planned = await planPatch(workspace, text);
        if (!planned.ok) return planned.failure;
        // A symlink changed while we waited: the plan touches a path we do not hold. Lock again.
        if (!planned.plan.lockPaths.every((path) => locked.has(path))) return planned;
        if (options.signal?.aborted) {
          return toolFailure(
            'aborted',
            'apply_patch was cancelled before it wrote anything. Nothing was changed.',
          );
        }
        const error = await commitFiles(planned.plan.files);
        if (error) {
          return toolFailure(
            'io_error',
            `Failed to write ${error.displayPath}: ${error.message}. ${
              error.unrestored.length === 0
                ? 'Every file already written was restored; nothing was changed.'
                : `Could not restore ${error.unrestored.join(', ')}; check them.`
            }`,
            { path: error.displayPath, unrestored: error.unrestored },
          );
        }
        return toolSuccess(planned.plan.output);
      },
    );
    if (!('ok' in outcome)) return outcome;
    if (attempt >= MAX_LOCK_ATTEMPTS || !outcome.ok) {
      return toolFailure(
        'io_error',
        'The files this patch touches kept changing (symlinks re-pointed) while it was being applied. Nothing was changed; try again.',
      );
    }
    lockPaths = outcome.plan.lockPaths;
  }
}
