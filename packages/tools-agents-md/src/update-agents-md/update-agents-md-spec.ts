import { defineTool } from '@toolgate/core';
import { UPDATE_AGENTS_MD_DESCRIPTION } from './update-agents-md-description.js';
import {
  UPDATE_AGENTS_MD_INPUT_CHECK,
  UPDATE_AGENTS_MD_INPUT_JSON_SCHEMA,
} from './update-agents-md-input-json-schema.js';
import { UPDATE_AGENTS_MD_PRESENTATION } from './update-agents-md-presentation.js';
import { buildUpdateAgentsMdInputSchema } from './update-agents-md-schema.js';

/** The `update_agents_md` definition and argument parser, without an executor. */
export const UPDATE_AGENTS_MD_SPEC = defineTool({
  name: 'update_agents_md',
  description: UPDATE_AGENTS_MD_DESCRIPTION,
  input: buildUpdateAgentsMdInputSchema,
  inputJsonSchema: UPDATE_AGENTS_MD_INPUT_JSON_SCHEMA,
  inputCheck: UPDATE_AGENTS_MD_INPUT_CHECK,
  kind: 'edit',
  annotations: {
    title: 'Update AGENTS.md',
    readOnly: false,
    destructive: true,
    idempotent: false,
    openWorld: false,
  },
  // update_agents_md runs unasked in safe mode (reading it changes nothing either); plan lets it
  // read only, and accept-edits runs it as safe does.
  approval: {
    rule: { safe: 'run', plan: (input) => (input.action === 'read' ? 'run' : 'refuse') },
    workspaceEdit: true,
  },
  presentation: UPDATE_AGENTS_MD_PRESENTATION,
  // Reads and writes AGENTS.md through an editor's buffer when the host installs the client's files.
  clientFiles: 'read-write',
});
