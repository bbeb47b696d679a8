import { defineTool } from '@toolgate/core';
import { WRITE_FILE_DESCRIPTION } from './write-file-description.js';
import { WRITE_FILE_INPUT_CHECK, WRITE_FILE_INPUT_JSON_SCHEMA } from './write-file-input-json-schema.js';
import { WRITE_FILE_PRESENTATION } from './write-file-presentation.js';
import { buildWriteFileInputSchema } from './write-file-schema.js';

/** The `write_file` definition and argument parser, without an executor. */
export const WRITE_FILE_SPEC = defineTool({
  name: 'write_file',
  description: WRITE_FILE_DESCRIPTION,
  input: buildWriteFileInputSchema,
  inputJsonSchema: WRITE_FILE_INPUT_JSON_SCHEMA,
  inputCheck: WRITE_FILE_INPUT_CHECK,
  kind: 'edit',
  annotations: {
    title: 'Write file',
    readOnly: false,
    destructive: true,
    idempotent: false,
    openWorld: false,
  },
  // write_file runs unasked in safe mode; a rule (`"ask": ["write_file"]`) widens it. It writes
  // only through the workspace's boundary: accept-edits runs it unasked; plan refuses it.
  approval: { rule: { safe: 'run' }, workspaceEdit: true },
  presentation: WRITE_FILE_PRESENTATION,
  // Reads and writes through an editor's buffers when the host installs the client's files.
  clientFiles: 'read-write',
});
