import { defineTool } from '@toolgate/core';
import { GREP_DESCRIPTION } from './grep-description.js';
import { GREP_INPUT_CHECK, GREP_INPUT_JSON_SCHEMA } from './grep-input-json-schema.js';
import { GREP_PRESENTATION } from './grep-presentation.js';
import { buildGrepInputSchema } from './grep-schema.js';

/** The `grep` tool's definition and argument parser. */
export const GREP_SPEC = defineTool({
  name: 'grep',
  description: GREP_DESCRIPTION,
  input: buildGrepInputSchema,
  inputJsonSchema: GREP_INPUT_JSON_SCHEMA,
  inputCheck: GREP_INPUT_CHECK,
  kind: 'search',
  annotations: { readOnly: true, idempotent: true },
  presentation: GREP_PRESENTATION,
});
