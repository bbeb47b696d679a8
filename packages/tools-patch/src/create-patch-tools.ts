import type { Tool, Workspace } from '@toolgate/core';
import type { ApplyPatchInput, ApplyPatchOutput } from './apply-patch/apply-patch-schema.js';
import { createApplyPatchTool } from './apply-patch/create-apply-patch-tool.js';
import { createEditTool } from './edit/create-edit-tool.js';
import type { EditInput, EditOutput } from './edit/edit-schema.js';

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

/** Creates `apply_patch` and `edit` over one workspace. */
export function createPatchTools(options: PatchToolsOptions): PatchTools {
  return {
    apply_patch: createApplyPatchTool(options.workspace, options.syncWrites ?? true),
    edit: createEditTool(options.workspace, options.syncWrites ?? true),
  };
}
