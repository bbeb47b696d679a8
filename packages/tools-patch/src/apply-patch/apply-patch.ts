import { type ClientFiles, type ToolResult, toolSuccess, type Workspace } from '@toolgate/core';
import { commitFiles, type FileCommit } from '../internal/commit-files.js';
import { patchFailure } from '../internal/patch-failure.js';
import { withLocks } from '../internal/with-locks.js';
import type { ApplyPatchOutput } from './apply-patch-schema.js';
import { type PatchPlan, parsePatchText, planOperations, resolvePatchPaths } from './plan-patch.js';

/** Options for {@link applyPatch}. */
export interface ApplyPatchOptions {
  /** Cancels the call; checked up to the moment writing starts (a started write always completes or rolls back). */
  readonly signal?: AbortSignal;
  /** Also flush each file to disk before it replaces the old one (see `syncWrites` of `createPatchTools`). @default false */
  readonly sync?: boolean;
  /**
   * The files as they were when the patch was approved (its plan's `files`). If one appeared where
   * the patch adds it, vanished, or now resolves elsewhere, nothing is written and the result is
   * `precondition_changed`. @default no check
   */
  readonly approved?: readonly FileCommit[];
  /**
   * A client's files (an editor's buffers): files are read through `readTextFile` and written
   * through `writeTextFile` (each path checked again once written), deletes and a Move's
   * destination on disk; a failed client write restores every file already written. @default the disk
   */
  readonly clientFiles?: ClientFiles;
}

/** Options for {@link applyApprovedPatch}. */
export interface ApplyApprovedPatchOptions extends Omit<ApplyPatchOptions, 'approved'> {
  /**
   * Nothing outside this process had a turn since the plan was made (core's `planCurrent`): when
   * the workspace's locks also show that no call of this process wrote since the plan's reads, the
   * plan is written as it is, without resolving and reading its files again. @default false
   */
  readonly planCurrent?: boolean;
}

// An Update whose hunks still match makes the approved edit, so changed content is re-planned; but
// a file that appeared where the patch adds one, or vanished, would turn an approved Add into a
// replacement (or the reverse), and a path that leads elsewhere is not the approved file.
function describeDrift(approved: readonly FileCommit[], now: readonly FileCommit[]): string | undefined {
  const before = new Map(approved.map((file) => [file.absolutePath, file.before]));
  for (const file of now) {
    if (!before.has(file.absolutePath)) return `${file.displayPath} now resolves to a different file`;
    const then = before.get(file.absolutePath) ?? null;
    if (then === null && file.before !== null) {
      return `${file.displayPath} did not exist when the patch was approved and now does`;
    }
    if (then !== null && file.before === null) {
      return `${file.displayPath} existed when the patch was approved and is now gone`;
    }
  }
  return undefined;
}

/**
 * Applies a patch atomically: resolves every path, takes the workspace lock of each real path
 * (sorted), reads and plans everything under the locks, and only when every operation can apply
 * writes the files (each atomically) and then deletes; a failed write restores what was written.
 * On any failure nothing on disk changes. Returns `apply_patch`'s result.
 */
export function applyPatch(
  workspace: Workspace,
  text: string,
  options: ApplyPatchOptions = {},
): Promise<ToolResult<ApplyPatchOutput>> {
  return applyPatchPlanned(workspace, text, undefined, options);
}

/**
 * {@link applyPatch} of the patch that `approvedPlan` (the plan approval showed) was made from:
 * checked against it (`approved`), and written as it is when nothing it read has changed since.
 */
export async function applyApprovedPatch(
  workspace: Workspace,
  text: string,
  approvedPlan: PatchPlan,
  options: ApplyApprovedPatchOptions = {},
): Promise<ToolResult<ApplyPatchOutput>> {
  const { planCurrent, ...rest } = options;
  const stamp = approvedPlan.lockStamp;
  // A plan whose reads nothing can have changed since (see invariant 25 in docs/architecture.md):
  // its locks taken, the stamp must show that no other call of this process took a lock meanwhile.
  if (
    planCurrent === true &&
    stamp !== undefined &&
    rest.clientFiles === undefined &&
    approvedPlan.resolutions.links.size === 0
  ) {
    const written = await withLocks(workspace, approvedPlan.lockPaths, async () =>
      workspace.locksQuietSince(stamp, new Set(approvedPlan.lockPaths).size)
        ? commitPlan(workspace, approvedPlan, rest)
        : undefined,
    );
    if (written) return written;
  }
  return applyPatchPlanned(workspace, text, approvedPlan, { ...rest, approved: approvedPlan.files });
}

async function applyPatchPlanned(
  workspace: Workspace,
  text: string,
  approvedPlan: PatchPlan | undefined,
  options: ApplyPatchOptions,
): Promise<ToolResult<ApplyPatchOutput>> {
  const parsed = parsePatchText(text);
  if (parsed.status === 'failure') return parsed;
  const operations = parsed.output;
  // Resolve before locking (the locks are per real path), then read and plan under the locks so
  // the plan sees the files as they are now. The resolved real paths are inside the workspace.
  const resolutions = await resolvePatchPaths(workspace, operations);
  const lockPaths: string[] = [];
  for (const resolution of resolutions.paths.values()) {
    if (resolution.status === 'success') lockPaths.push(resolution.output.absolutePath);
  }
  for (const link of resolutions.links.values()) lockPaths.push(link.absolutePath);
  return withLocks(workspace, lockPaths, async () => {
    const signal = options.signal ?? new AbortController().signal;
    const planned = await planOperations(workspace, operations, {
      diffs: false,
      resolutions,
      files: { clientFiles: options.clientFiles, signal },
      ...(approvedPlan ? { reuse: approvedPlan } : {}),
    });
    if (planned.status === 'failure') return planned;
    // Here the call has been approved (or runs without a surface): the quote may be shown.
    if (planned.status === 'quoting_failure') return planned.quoted;
    const drift = options.approved && describeDrift(options.approved, planned.output.files);
    if (drift) {
      return patchFailure(
        'precondition_changed',
        `${drift}; nothing was changed. Read the file again and make a new patch for what is there now.`,
      );
    }
    return commitPlan(workspace, planned.output, options);
  });
}

/** Writes a plan's files (the caller holds their locks), or says why nothing was changed. */
async function commitPlan(
  workspace: Workspace,
  plan: PatchPlan,
  options: ApplyPatchOptions,
): Promise<ToolResult<ApplyPatchOutput>> {
  if (options.signal?.aborted) {
    return patchFailure(
      'aborted',
      'apply_patch was cancelled before it wrote anything. Nothing was changed.',
    );
  }
  const signal = options.signal ?? new AbortController().signal;
  const write = options.clientFiles?.writeTextFile;
  const error = await commitFiles(plan.files, {
    sync: options.sync ?? false,
    ...(write ? { client: { workspace, write, signal } } : {}),
  });
  if (error?.stopped && error.unrestored.length === 0) {
    return patchFailure(
      'aborted',
      'apply_patch was stopped while writing because the process is exiting; every file already written was restored. Nothing was changed.',
    );
  }
  if (error) {
    return patchFailure(
      error.changed ? 'precondition_changed' : 'io_error',
      `Failed to write ${error.displayPath}: ${error.message}. ${
        error.unrestored.length === 0
          ? 'Every file already written was restored; nothing was changed.'
          : `Could not restore ${error.unrestored.join(', ')}; check them.`
      }`,
      { path: error.displayPath, unrestored: error.unrestored },
    );
  }
  return toolSuccess(plan.output);
}
