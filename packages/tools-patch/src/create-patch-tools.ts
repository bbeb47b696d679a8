import { implementToolOnDemand, type Tool, type Workspace } from '@toolgate/core';
import type { ApplyPatchInput, ApplyPatchOutput } from './apply-patch/apply-patch-schema.js';
import { APPLY_PATCH_SPEC } from './apply-patch/apply-patch-spec.js';
import type { EditInput, EditOutput } from './edit/edit-schema.js';
import { EDIT_SPEC } from './edit/edit-spec.js';

/** Options for {@link createPatchTools}. */
export interface PatchToolsOptions {
  /** The workspace every path resolves through (boundary, protected paths, per-path locks). */
  readonly workspace: Workspace;
  /**
   * Flush every written file to disk before it replaces the old one, so a crash or power loss
   * cannot leave an empty file. Readers never see a partial file either way. Turning it off makes
   * large patches several times faster (the Codex CLI does not flush).
   * @default true
   */
  readonly syncWrites?: boolean;
}

/** The patch tools, keyed by wire name. */
export interface PatchTools {
  readonly apply_patch: Tool<ApplyPatchInput, ApplyPatchOutput>;
  readonly edit: Tool<EditInput, EditOutput>;
}

/**
 * Creates `apply_patch` and `edit` over one workspace. The code that plans and writes changes
 * loads on each tool's first call, so listing the tools loads none of it.
 */
export function createPatchTools(options: PatchToolsOptions): PatchTools {
  const { workspace } = options;
  const sync = options.syncWrites ?? true;
  return {
    apply_patch: implementToolOnDemand(APPLY_PATCH_SPEC, { preflight: true }, async () => {
      const { createApplyPatchImplementation } = await import('./apply-patch/create-apply-patch-tool.js');
      return createApplyPatchImplementation(workspace, sync);
    }),
    edit: implementToolOnDemand(EDIT_SPEC, { preflight: true }, async () => {
      const { createEditImplementation } = await import('./edit/create-edit-tool.js');
      return createEditImplementation(workspace, sync);
    }),
  };
}
