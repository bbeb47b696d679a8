import { defineTool } from '@toolgate/core';
import { GLOB_DESCRIPTION } from './glob-description.js';
import { GLOB_INPUT_CHECK, GLOB_INPUT_JSON_SCHEMA } from './glob-input-json-schema.js';
import { GLOB_PRESENTATION } from './glob-presentation.js';
import { buildGlobInputSchema } from './glob-schema.js';

/** The `glob` tool's definition and argument parser. */
export const GLOB_SPEC = defineTool({
  name: 'glob',
  description: GLOB_DESCRIPTION,
  input: buildGlobInputSchema,
  inputJsonSchema: GLOB_INPUT_JSON_SCHEMA,
  inputCheck: GLOB_INPUT_CHECK,
  kind: 'search',
  annotations: { readOnly: true, idempotent: true },
  presentation: GLOB_PRESENTATION,
});
