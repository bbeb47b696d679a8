import {
  editScope,
  type PlannedToolImplementation,
  previewFileChanges,
  quotingFailure,
  type Workspace,
} from '@toolgate/core';
import { applyApprovedPatch, applyPatch } from './apply-patch.js';
import type { ApplyPatchInput, ApplyPatchOutput } from './apply-patch-schema.js';
import { type PatchPlan, planPatch } from './plan-patch.js';
import { summarizePatch } from './summarize-patch.js';

/** How `apply_patch` runs over a workspace; loaded on the tool's first call (see `createPatchTools`). */
export function createApplyPatchImplementation(
  workspace: Workspace,
  sync: boolean,
): PlannedToolImplementation<ApplyPatchInput, ApplyPatchOutput, PatchPlan> {
  return {
    async prepare(input, context) {
      const planned = await planPatch(workspace, input.patch, context);
      if (planned.status === 'failure') return planned;
      // What the rejection names, from the patch text alone: the same whether the hunks match.
      const declared = summarizePatch(input);
      const detail = declared.lines?.join(', ');
      if (planned.status === 'quoting_failure') {
        // What rules and the person see of a call that cannot run: what a call that runs shows,
        // without the diff (every path the patch names, so a rule judges it the same way).
        const lines = declared.lines ?? [];
        return quotingFailure(planned.quoted, planned.unquoted, {
          lines,
          ...(detail === undefined ? {} : { detail }),
          locations: declared.locations ?? [],
          remember: editScope('apply_patch', lines),
        });
      }
      const plan = planned.output;
      const summaries = plan.operations.map((operation) => operation.summary);
      const files = previewFileChanges(
        plan.files.map((file) => ({ path: file.absolutePath, before: file.before, after: file.after })),
      );
      return {
        status: 'ready',
        plan,
        preview: {
          lines: summaries,
          detail: detail ?? summaries.join(', '),
          // Read only when the call is shown to someone: the plan computes its diff then.
          get diff() {
            return plan.diff;
          },
          locations: plan.output.changedFiles,
          remember: editScope('apply_patch', summaries),
          ...(files ? { files } : {}),
        },
      };
    },
    async execute(input, context) {
      const options = {
        signal: context.signal,
        sync,
        ...(context.clientFiles ? { clientFiles: context.clientFiles } : {}),
      };
      return context.plan
        ? applyApprovedPatch(workspace, input.patch, context.plan, {
            ...options,
            planCurrent: context.planCurrent === true,
          })
        : applyPatch(workspace, input.patch, options);
    },
  };
}
