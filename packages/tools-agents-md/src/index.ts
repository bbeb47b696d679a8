export type { AgentsMdErrorCode } from './agents-md-error-code.js';
export {
  AGENTS_MD_CANDIDATES,
  type AgentsMdContent,
  type AgentsMdLocation,
  type AgentsMdReadOptions,
  type AgentsMdStore,
  type AgentsMdWriteOptions,
  createAgentsMdStore,
} from './agents-md-store.js';
export {
  type AgentsMdTools,
  type AgentsMdToolsOptions,
  createAgentsMdTools,
} from './create-agents-md-tools.js';
export {
  DEFAULT_AGENTS_MD_MAX_CHARS,
  formatAgentsMdPrompt,
  type LoadAgentsMdOptions,
  type LoadedAgentsMd,
  loadAgentsMd,
} from './load-agents-md.js';
export { UPDATE_AGENTS_MD_DESCRIPTION } from './update-agents-md/update-agents-md-description.js';
export {
  UPDATE_AGENTS_MD_ACTIONS,
  UPDATE_AGENTS_MD_INPUT_SCHEMA,
  UPDATE_AGENTS_MD_OUTPUT_SCHEMA,
  type UpdateAgentsMdAction,
  type UpdateAgentsMdInput,
  type UpdateAgentsMdOutput,
} from './update-agents-md/update-agents-md-schema.js';
export { UPDATE_AGENTS_MD_SPEC } from './update-agents-md/update-agents-md-spec.js';
