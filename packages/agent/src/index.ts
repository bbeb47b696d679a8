export type { AgentEvent, TurnResult } from './agent-event.js';
export type { AgentMessage } from './agent-message.js';
export type { AgentModel } from './agent-model.js';
export {
  type AgentApproval,
  type AgentLimits,
  type AgentOptions,
  DEFAULT_MAX_TOOL_CALLS_PER_STEP,
  type SessionTools,
  type SessionToolsContext,
  type SessionToolsFactory,
} from './agent-options.js';
export type {
  AgentSession,
  AgentTurn,
  CompactionResult,
  PromptOptions,
  SessionStart,
  SessionUsage,
} from './agent-session.js';
export { buildSystemPrompt, type SystemPromptParts } from './build-system-prompt.js';
export { type Agent, createAgent } from './create-agent.js';
export { BUILT_IN_DELEGATES } from './delegate/built-in-delegates.js';
export { type DelegateInput, delegateToolSpec } from './delegate/create-delegate-tool.js';
export {
  DEFAULT_DELEGATE_DEPTH,
  DEFAULT_DELEGATE_PARALLEL,
  DELEGATE_NAME_PATTERN,
  DELEGATE_TOOL_PREFIX,
  type DelegateDefinition,
  type DelegateOptions,
} from './delegate/delegate-definition.js';
export type { DelegateOutput } from './delegate/delegate-result.js';
export { createReplayModel, ReplayExhaustedError } from './replay/create-replay-model.js';
export {
  parseReplayScript,
  type ReplayGuard,
  ReplayScriptError,
  type ReplayToolCall,
  type ReplayTurn,
} from './replay/replay-script.js';
export { STOP_REASONS, type StopReason } from './stop-reason.js';
export type { TurnUsage } from './turn-usage.js';
