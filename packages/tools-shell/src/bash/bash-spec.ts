import { defineTool } from '@toolgate/core';
import { BASH_APPROVAL } from './bash-approval.js';
import { BASH_DESCRIPTION } from './bash-description.js';
import { BASH_INPUT_CHECK, BASH_INPUT_JSON_SCHEMA } from './bash-input-json-schema.js';
import { BASH_PRESENTATION } from './bash-presentation.js';
import { buildBashInputSchema } from './bash-schema.js';

/** The bash tool's definition and argument parser (AI4J's wire name and parameters). */
export const BASH_SPEC = defineTool({
  name: 'bash',
  description: BASH_DESCRIPTION,
  input: buildBashInputSchema,
  inputJsonSchema: BASH_INPUT_JSON_SCHEMA,
  inputCheck: BASH_INPUT_CHECK,
  kind: 'execute',
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  approval: BASH_APPROVAL,
  presentation: BASH_PRESENTATION,
  // exec runs its sandboxed command in an editor's terminal when the host installs them.
  clientTerminals: true,
});
