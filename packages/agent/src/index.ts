export type { AgentEvent, TurnResult } from './agent-event.js';
export type { AgentModel } from './agent-model.js';
export type {
  AgentApproval,
  AgentLimits,
  AgentOptions,
  SessionTools,
  SessionToolsFactory,
} from './agent-options.js';
export { buildSystemPrompt, type SystemPromptParts } from './build-system-prompt.js';
export { type Agent, createAgent } from './create-agent.js';
export type { AgentSession, AgentTurn, PromptOptions } from './create-agent-session.js';
export { STOP_REASONS, type StopReason } from './stop-reason.js';
export type { TurnUsage } from './turn-usage.js';
