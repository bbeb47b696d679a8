import { editScope, implementTool, previewFileChanges, type Tool, type Workspace } from '@toolgate/core';
import { applyPatch } from './apply-patch.js';
import type { ApplyPatchInput, ApplyPatchOutput } from './apply-patch-schema.js';
import { APPLY_PATCH_SPEC } from './apply-patch-spec.js';
import { type PatchPlan, planPatch } from './plan-patch.js';

/** Builds the `apply_patch` tool over a workspace. */
export function createApplyPatchTool(
  workspace: Workspace,
  sync: boolean,
): Tool<ApplyPatchInput, ApplyPatchOutput> {
  return implementTool<ApplyPatchInput, ApplyPatchOutput, PatchPlan>(APPLY_PATCH_SPEC, {
    async prepare(input) {
      const planned = await planPatch(workspace, input.patch);
      if (planned.status === 'failure') return planned;
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
  });
}
