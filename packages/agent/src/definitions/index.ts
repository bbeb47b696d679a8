// What a host reads of the agent while it only configures a session or lists its tools: the
// default limits, the built-in delegates, the names and the spec of delegate tools, the stop
// reasons. Their own entry (`@toolgate/agent/definitions`), so that importing them does not reach
// the agent's loop, its providers' errors or its replay model through the package's index: a
// bundle's chunk group takes in everything the imports of a module it captures reach.
export { DEFAULT_MAX_TOOL_CALLS_PER_STEP } from '../agent-options.js';
export { BUILT_IN_DELEGATES } from '../delegate/built-in-delegates.js';
export { type DelegateInput, delegateToolSpec } from '../delegate/create-delegate-tool.js';
export {
  DELEGATE_NAME_PATTERN,
  DELEGATE_TOOL_PREFIX,
  type DelegateDefinition,
} from '../delegate/delegate-definition.js';
export { STOP_REASONS, type StopReason } from '../stop-reason.js';
