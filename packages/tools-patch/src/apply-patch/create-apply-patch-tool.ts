import {
  editScope,
  type PlannedToolImplementation,
  previewFileChanges,
  quotingFailure,
  type Workspace,
} from '@toolgate/core';
import { applyPatch } from './apply-patch.js';
import type { ApplyPatchInput, ApplyPatchOutput } from './apply-patch-schema.js';
import { type PatchPlan, planPatch } from './plan-patch.js';

/** How `apply_patch` runs over a workspace; loaded on the tool's first call (see `createPatchTools`). */
export function createApplyPatchImplementation(
  workspace: Workspace,
  sync: boolean,
): PlannedToolImplementation<ApplyPatchInput, ApplyPatchOutput, PatchPlan> {
  return {
    async prepare(input) {
      const planned = await planPatch(workspace, input.patch);
      if (planned.status === 'failure') return planned;
      if (planned.status === 'quoting_failure') {
        // What rules see of a call that cannot run: the file whose hunk did not match.
        const details = planned.unquoted.error.details as { readonly path?: string } | undefined;
        const locations = details?.path === undefined ? [] : [details.path];
        return quotingFailure(planned.quoted, planned.unquoted, {
          lines: locations.map((path) => `Update ${path}`),
          locations,
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
          detail: summaries.join(', '),
          diff: plan.diff,
          locations: plan.output.changedFiles,
          remember: editScope('apply_patch', summaries),
          ...(files ? { files } : {}),
        },
      };
    },
    async execute(input, context) {
      return applyPatch(workspace, input.patch, {
        signal: context.signal,
        sync,
        ...(context.plan ? { approved: context.plan.files } : {}),
      });
    },
  };
}
