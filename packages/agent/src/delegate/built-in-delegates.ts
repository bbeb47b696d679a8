import {
  EXPLORE_DESCRIPTION,
  EXPLORE_INSTRUCTIONS,
  GENERAL_DESCRIPTION,
  GENERAL_INSTRUCTIONS,
  PLAN_DESCRIPTION,
  PLAN_INSTRUCTIONS,
} from './built-in-delegates-description.js';
import type { DelegateDefinition } from './delegate-definition.js';

/**
 * The built-in delegates: `explore` and `plan` see only the parent's read-only tools (read_file,
 * glob, grep, read-only MCP tools; no bash, since a command is not read-only), `general` the
 * parent's whole surface.
 */
export const BUILT_IN_DELEGATES: readonly DelegateDefinition[] = [
  { name: 'explore', description: EXPLORE_DESCRIPTION, readOnly: true, instructions: EXPLORE_INSTRUCTIONS },
  { name: 'plan', description: PLAN_DESCRIPTION, readOnly: true, instructions: PLAN_INSTRUCTIONS },
  { name: 'general', description: GENERAL_DESCRIPTION, instructions: GENERAL_INSTRUCTIONS },
];
