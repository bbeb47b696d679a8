import { defineTool } from '@toolgate/core';
import { APPLY_PATCH_DESCRIPTION } from './apply-patch-description.js';
import { APPLY_PATCH_INPUT_CHECK, APPLY_PATCH_INPUT_JSON_SCHEMA } from './apply-patch-input-json-schema.js';
import { APPLY_PATCH_PRESENTATION } from './apply-patch-presentation.js';
import { buildApplyPatchInputSchema } from './apply-patch-schema.js';
import { summarizePatch } from './summarize-patch.js';

/** The `apply_patch` definition and argument parser (no executor). */
export const APPLY_PATCH_SPEC = defineTool({
  name: 'apply_patch',
  description: APPLY_PATCH_DESCRIPTION,
  input: buildApplyPatchInputSchema,
  inputJsonSchema: APPLY_PATCH_INPUT_JSON_SCHEMA,
  inputCheck: APPLY_PATCH_INPUT_CHECK,
  kind: 'edit',
  annotations: {
    title: 'Apply patch',
    readOnly: false,
    destructive: true,
    idempotent: false,
    openWorld: false,
  },
  // Asks in safe mode; it writes only through the workspace's boundary, so accept-edits runs it.
  approval: { summarize: summarizePatch, workspaceEdit: true },
  presentation: APPLY_PATCH_PRESENTATION,
  // Reads and writes through an editor's buffers when the host installs the client's files
  // (deletes and renames stay on disk).
  clientFiles: 'read-write',
});
