import { defineTool } from '@toolgate/core';
import { EDIT_DESCRIPTION } from './edit-description.js';
import { EDIT_INPUT_CHECK, EDIT_INPUT_JSON_SCHEMA } from './edit-input-json-schema.js';
import { EDIT_PRESENTATION } from './edit-presentation.js';
import { buildEditInputSchema } from './edit-schema.js';

/** The `edit` definition and argument parser (no executor). */
export const EDIT_SPEC = defineTool({
  name: 'edit',
  description: EDIT_DESCRIPTION,
  input: buildEditInputSchema,
  inputJsonSchema: EDIT_INPUT_JSON_SCHEMA,
  inputCheck: EDIT_INPUT_CHECK,
  kind: 'edit',
  annotations: {
    title: 'Edit file',
    readOnly: false,
    destructive: true,
    idempotent: false,
    openWorld: false,
  },
  // edit runs unasked in safe mode; a rule (`"ask": ["edit"]`) widens it. It writes only through
  // the workspace's boundary: accept-edits runs it unasked; plan refuses it.
  approval: { rule: { safe: 'run' }, workspaceEdit: true },
  presentation: EDIT_PRESENTATION,
  // Reads and writes through an editor's buffers when the host installs the client's files.
  clientFiles: 'read-write',
});
