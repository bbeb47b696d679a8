import {
  editScope,
  type PlannedToolImplementation,
  previewFileChanges,
  toolSuccess,
  type Workspace,
} from '@toolgate/core';
import {
  isPathChangedError,
  systemErrorText,
  writeFileAtomic,
  writeTextThroughClient,
} from '@toolgate/core/workspace-io';
import { patchFailure } from '../internal/patch-failure.js';
import type { EditInput, EditOutput } from './edit-schema.js';
import { type EditPlan, planEdit } from './plan-edit.js';

/** How `edit` runs over a workspace; loaded on the tool's first call (see `createPatchTools`). */
export function createEditImplementation(
  workspace: Workspace,
  sync: boolean,
): PlannedToolImplementation<EditInput, EditOutput, EditPlan> {
  return {
    async prepare(input, context) {
      const planned = await planEdit(workspace, input, context);
      if (planned.status !== 'success') return planned;
      const plan = planned.output;
      const files = previewFileChanges([{ path: plan.absolutePath, before: plan.before, after: plan.after }]);
      return {
        status: 'ready',
        plan,
        preview: {
          lines: [
            `Edit ${plan.displayPath} (${plan.replacements} replacement${plan.replacements === 1 ? '' : 's'})`,
          ],
          // What the rejection names: not the count, which says what the file holds (the same as a
          // call whose old_string does not match, see planEdit).
          detail: `Edit ${plan.displayPath}`,
          diff: plan.diff,
          locations: [plan.displayPath],
          remember: editScope('edit', [plan.displayPath]),
          ...(files ? { files } : {}),
        },
      };
    },
    async execute(input, context) {
      const run = async (locked: string) => {
        // Re-plan under the lock: the file may have changed while a person decided.
        const planned = await planEdit(workspace, input, context);
        if (planned.status === 'failure') return { result: planned, path: undefined };
        // Here the call has been approved (or runs without a surface): the quote may be shown.
        if (planned.status === 'quoting_failure') return { result: planned.quoted, path: undefined };
        if (planned.output.absolutePath !== locked) {
          return { result: undefined, path: planned.output.absolutePath };
        }
        if (context.signal.aborted) {
          return {
            result: patchFailure('aborted', 'edit was cancelled before it wrote anything.'),
            path: undefined,
          };
        }
        const writeClient = context.clientFiles?.writeTextFile;
        if (writeClient) {
          // Through the editor: the change lands in its buffer, with its undo history.
          const { absolutePath, displayPath, requestedPath } = planned.output;
          const failure = await writeTextThroughClient(
            workspace,
            writeClient,
            { requestedPath, absolutePath, displayPath, exists: true },
            planned.output.after.toString('utf8'),
            context.signal,
          );
          if (failure) return { result: failure, path: undefined };
        } else
          try {
            await writeFileAtomic(planned.output.absolutePath, planned.output.after, { sync });
          } catch (error) {
            return {
              result: patchFailure(
                isPathChangedError(error) ? 'precondition_changed' : 'io_error',
                `Failed to write ${planned.output.requestedPath}: ${systemErrorText(error)}.`,
              ),
              path: undefined,
            };
          }
        return {
          result: toolSuccess<EditOutput>({
            path: planned.output.requestedPath,
            resolvedPath: planned.output.absolutePath,
            replacements: planned.output.replacements,
            success: true,
          }),
          path: undefined,
        };
      };
      let path = context.plan?.absolutePath ?? (await resolveLockPath(workspace, input.path));
      for (let attempt = 0; attempt < 3; attempt++) {
        const locked = path;
        const outcome = await workspace.withLock(locked, () => run(locked));
        if (outcome.result) return outcome.result;
        path = outcome.path ?? path;
      }
      return patchFailure(
        'io_error',
        `The path ${input.path} kept changing while it was being edited; try again.`,
      );
    },
  };
}

async function resolveLockPath(workspace: Workspace, path: string): Promise<string> {
  const resolution = await workspace.resolveWritable(path.trim());
  return resolution.status === 'success' ? resolution.output.absolutePath : path;
}
