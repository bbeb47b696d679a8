import { defineTool } from '@toolgate/core';
import { READ_FILE_DESCRIPTION } from './read-file-description.js';
import { READ_FILE_INPUT_CHECK, READ_FILE_INPUT_JSON_SCHEMA } from './read-file-input-json-schema.js';
import { READ_FILE_PRESENTATION } from './read-file-presentation.js';
import { buildReadFileInputSchema } from './read-file-schema.js';

/** The `read_file` definition and argument parser, without an executor. */
export const READ_FILE_SPEC = defineTool({
  name: 'read_file',
  description: READ_FILE_DESCRIPTION,
  input: buildReadFileInputSchema,
  inputJsonSchema: READ_FILE_INPUT_JSON_SCHEMA,
  inputCheck: READ_FILE_INPUT_CHECK,
  kind: 'read',
  annotations: { title: 'Read file', readOnly: true, destructive: false, idempotent: true, openWorld: false },
  presentation: READ_FILE_PRESENTATION,
  // Reads an editor's buffer (unsaved edits count) when the host installs the client's files.
  clientFiles: 'read',
});
