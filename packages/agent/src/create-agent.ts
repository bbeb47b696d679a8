import { InvalidOptionsError } from '@toolgate/core';
import type { AgentOptions } from './agent-options.js';
import type { AgentSession, SessionStart } from './agent-session.js';
import { createAgentSession } from './create-agent-session.js';
import { DELEGATE_NAME_PATTERN, type DelegateOptions } from './delegate/delegate-definition.js';

/** An agent: a model, tools and approval settings; each session has its own history and state. */
export interface Agent {
  /**
   * Starts a session: builds its tools, loads AGENTS.md; its history and approval memory are
   * `start`'s (a resumed conversation), else fresh.
   */
  createSession(start?: SessionStart): Promise<AgentSession>;
}

function checkLimit(name: string, value: number | undefined, min: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min))
    throw new InvalidOptionsError(`${name} must be an integer >= ${min}, got ${value}`);
}

function checkDelegates(delegates: DelegateOptions | undefined): void {
  if (!delegates) return;
  checkLimit('delegates.maxParallel', delegates.maxParallel, 1);
  checkLimit('delegates.maxDepth', delegates.maxDepth, 0);
  const names = new Set<string>();
  for (const definition of delegates.definitions) {
    const { name } = definition;
    if (!DELEGATE_NAME_PATTERN.test(name))
      throw new InvalidOptionsError(
        `delegates: the name ${JSON.stringify(name)} must start with a lower-case letter and hold only a-z, 0-9, _ and - (at most 55 characters).`,
      );
    if (names.has(name))
      throw new InvalidOptionsError(`delegates: two definitions are named ${JSON.stringify(name)}.`);
    names.add(name);
    if (definition.description.trim() === '')
      throw new InvalidOptionsError(`delegates: the definition ${JSON.stringify(name)} has no description.`);
    checkLimit(`delegates ${JSON.stringify(name)} maxSteps`, definition.maxSteps, 1);
  }
}

/**
 * Creates an agent (docs/architecture.md, "The agent runtime"). Throws {@link InvalidOptionsError}
 * for invalid limits or delegates.
 */
export function createAgent(options: AgentOptions): Agent {
  checkLimit('limits.maxSteps', options.limits?.maxSteps, 1);
  checkLimit('limits.maxRetries', options.limits?.maxRetries, 0);
  checkLimit('limits.maxOutputTokens', options.limits?.maxOutputTokens, 1);
  checkLimit('limits.maxToolCallsPerStep', options.limits?.maxToolCallsPerStep, 1);
  checkLimit('limits.maxToolCallsPerTurn', options.limits?.maxToolCallsPerTurn, 1);
  checkLimit('limits.maxTurnMs', options.limits?.maxTurnMs, 1);
  checkLimit('limits.maxSessionTokens', options.limits?.maxSessionTokens, 1);
  checkLimit('limits.contextWindow', options.limits?.contextWindow, 1024);
  checkDelegates(options.delegates);
  return { createSession: (start) => createAgentSession(options, undefined, start) };
}
