import type { AgentDefinition, ApprovalMemory, Approver, ToolSurface } from '@toolgate/core';
import type { AgentOptions, SessionTools } from '../agent-options.js';
import type { AgentSession } from '../agent-session.js';
import type { TokenMeter } from '../token-meter.js';
import type { DelegateDefinition } from './delegate-definition.js';

/** A delegate's child session: what it inherits from the session that started it. */
export interface ChildScope {
  readonly definition: DelegateDefinition;
  /** 1 for a child of the top session. */
  readonly depth: number;
  /** Names the child in approval questions: `explore`, or `general › explore` for a grandchild. */
  readonly path: string;
  /** The top session's approver (already one question at a time) and approval memory. */
  readonly approver: Approver | undefined;
  readonly memory: ApprovalMemory;
  /** The parent's policy surface: the child's is never wider. */
  readonly parentSurface: ToolSurface;
  readonly parentTools: SessionTools;
  readonly agentsMd: string | undefined;
  /** The top session's instructions: each child's system prompt ends with them and its own. */
  readonly topInstructions: string | undefined;
  /** The top session's token meter: a child spends from the same budget. */
  readonly tokens: TokenMeter;
}

/** The session a delegate is called in, as its child sees it. */
export interface ParentSession {
  /** The options the parent session was built with. */
  readonly options: AgentOptions;
  /** The parent's own scope when it is itself a child; undefined for the top session. */
  readonly scope: ChildScope | undefined;
  /** The top session's approver and the approval memory all its sessions share. */
  readonly approver: Approver | undefined;
  readonly memory: ApprovalMemory;
  /** The parent's finished policy surface. */
  readonly surface: ToolSurface;
  readonly tools: SessionTools;
  readonly agentsMd: string | undefined;
  readonly tokens: TokenMeter;
}

/** Builds a session from its options; a child's with its scope (so this file need not import the builder). */
export type CreateSession = (options: AgentOptions, child: ChildScope) => Promise<AgentSession>;

/** A child's policy: the definition's tools, read-only or not. */
export function childPolicy(definition: DelegateDefinition): AgentDefinition {
  return {
    name: definition.name,
    ...(definition.tools ? { allowedTools: definition.tools } : {}),
    isolation: definition.readOnly ? 'read_only' : 'inherit',
  };
}

/**
 * The options of a child session: its parent's, with the definition's model, step limit and
 * instructions (after the top session's).
 */
function childOptions(
  options: AgentOptions,
  definition: DelegateDefinition,
  topInstructions: string | undefined,
): AgentOptions {
  const instructions = [topInstructions?.trim(), definition.instructions.trim()].filter(Boolean);
  const maxSteps = definition.maxSteps ?? options.limits?.maxSteps;
  return {
    ...options,
    model: definition.model ?? options.model,
    instructions: instructions.join('\n\n'),
    limits: { ...options.limits, ...(maxSteps === undefined ? {} : { maxSteps }) },
  };
}

/**
 * Starts the child session of `definition` called from `parent`: the parent's options with the
 * definition's, one level deeper, sharing the top session's approver and approval memory.
 */
export function createChildSession(
  parent: ParentSession,
  definition: DelegateDefinition,
  createSession: CreateSession,
): Promise<AgentSession> {
  const { scope } = parent;
  const topInstructions = scope ? scope.topInstructions : parent.options.instructions;
  return createSession(childOptions(parent.options, definition, topInstructions), {
    definition,
    depth: (scope?.depth ?? 0) + 1,
    path: scope ? `${scope.path} › ${definition.name}` : definition.name,
    approver: parent.approver,
    memory: parent.memory,
    parentSurface: parent.surface,
    parentTools: parent.tools,
    agentsMd: parent.agentsMd,
    topInstructions,
    tokens: parent.tokens,
  });
}
