export type { ApplyPatchOptions } from './apply-patch/apply-patch.js';
export { APPLY_PATCH_DESCRIPTION } from './apply-patch/apply-patch-description.js';
export { applyPatch } from './apply-patch/apply-patch-on-first-call.js';
export {
  type ApplyPatchFileChange,
  type ApplyPatchInput,
  type ApplyPatchOutput,
  applyPatchFileChangeSchema,
  applyPatchInputSchema,
  applyPatchOutputSchema,
} from './apply-patch/apply-patch-schema.js';
export { APPLY_PATCH_SPEC } from './apply-patch/apply-patch-spec.js';
export { createPatchTools, type PatchTools, type PatchToolsOptions } from './create-patch-tools.js';
export { EDIT_DESCRIPTION } from './edit/edit-description.js';
export { type EditInput, type EditOutput, editInputSchema, editOutputSchema } from './edit/edit-schema.js';
export { EDIT_SPEC } from './edit/edit-spec.js';
export type { PatchErrorCode } from './patch-error-code.js';
