import { InvalidOptionsError } from '@toolgate/core';
import type { AgentOptions } from './agent-options.js';
import { type AgentSession, createAgentSession } from './create-agent-session.js';

/** An agent: a model, tools and approval settings; each session has its own history and state. */
export interface Agent {
  /** Starts a session: builds its tools, loads AGENTS.md, fresh history and approval memory. */
  createSession(): Promise<AgentSession>;
}

function checkLimit(name: string, value: number | undefined, min: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min))
    throw new InvalidOptionsError(`limits.${name} must be an integer >= ${min}, got ${value}`);
}

/** Creates an agent (DESIGN §10). Throws {@link InvalidOptionsError} for invalid limits. */
export function createAgent(options: AgentOptions): Agent {
  checkLimit('maxSteps', options.limits?.maxSteps, 1);
  checkLimit('maxRetries', options.limits?.maxRetries, 0);
  checkLimit('maxOutputTokens', options.limits?.maxOutputTokens, 1);
  return { createSession: () => createAgentSession(options) };
}
