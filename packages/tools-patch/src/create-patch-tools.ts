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
   * Also flush every written file to disk (`fdatasync`) before it replaces the old one, so a power
   * loss or a kernel crash cannot leave it empty on any file system. Without it, as by default,
   * every file is still written to a temporary file and renamed over the old one: readers and a
   * killed process never see a partial file, and ext4 (its default `auto_da_alloc`) and btrfs
   * write a replaced file's data before the rename, so it is old or new after a crash there too.
   * The Codex CLI flushes nothing and rewrites files in place.
   * @default false
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
  const sync = options.syncWrites ?? false;
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
