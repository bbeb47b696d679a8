import {
  type AnyTool,
  createApprovalMemory,
  createToolSurface,
  InvalidOptionsError,
  mergeToolSurfaces,
  presentToolCall,
  resolveToolPolicy,
  standardDecorators,
  type ToolCall,
  type ToolDefinition,
  type ToolEvent,
  type ToolProvider,
  type ToolSurface,
} from '@toolgate/core';
import type { AgentEvent } from './agent-event.js';
import type { AgentMessage } from './agent-message.js';
import type { AgentOptions, SessionTools, SessionToolsContext } from './agent-options.js';
import type { AgentSession, SessionStart } from './agent-session.js';
import { buildSystemPrompt } from './build-system-prompt.js';
import { compactHistory } from './compact-history.js';
import { type ChildScope, childPolicy, createChildSession } from './delegate/create-child-session.js';
import { createDelegateTool, type RunDelegate } from './delegate/create-delegate-tool.js';
import { DEFAULT_DELEGATE_DEPTH, DEFAULT_DELEGATE_PARALLEL } from './delegate/delegate-definition.js';
import { nameChildApprover } from './delegate/name-child-approver.js';
import { runChildTurn } from './delegate/run-child-turn.js';
import { estimatePromptTokens } from './estimate-prompt-tokens.js';
import { createEventChannel } from './event-channel.js';
import { memoizeByElements } from './memoize-by-elements.js';
import { createExitPlanModeTool } from './plan/create-exit-plan-mode-tool.js';
import { createUpdatePlanTool } from './plan/create-update-plan-tool.js';
import { COMPACT_AT, DEFAULT_MAX_RETRIES, runTurn, type TurnContext } from './run-turn.js';
import { serializeApprover } from './serialize-approver.js';
import { toModelTools } from './to-model-tools.js';
import type { TokenMeter } from './token-meter.js';
import { addUsage, ZERO_USAGE } from './turn-usage.js';

async function openTools(options: AgentOptions, context: SessionToolsContext): Promise<SessionTools> {
  return typeof options.tools === 'function' ? await options.tools(context) : { tools: options.tools };
}

/**
 * Builds a session for {@link createAgent}: its tools, AGENTS.md, approval, delegates and policy,
 * one turn at a time; with `child`, a delegate's child session of the top agent's `options`.
 */
export async function createAgentSession(
  options: AgentOptions,
  child?: ChildScope,
  start: SessionStart = {},
): Promise<AgentSession> {
  const tools = await openTools(
    options,
    child
      ? {
          delegate: {
            name: child.definition.name,
            readOnly: child.definition.readOnly === true,
            depth: child.depth,
            parent: child.parentTools,
          },
        }
      : {},
  );
  let agentsMd: string | undefined;
  try {
    agentsMd = child
      ? child.agentsMd
      : typeof options.agentsMd === 'function'
        ? await options.agentsMd()
        : options.agentsMd;
  } catch (error) {
    await tools.close?.();
    throw error;
  }
  let listener: ((event: ToolEvent) => void) | undefined;
  /** The running turn's event sink, for the events of delegates' children. */
  let report: ((event: AgentEvent) => void) | undefined;
  const topApprover = child
    ? child.approver
    : options.approval.approver && serializeApprover(options.approval.approver);
  const approver = child && topApprover ? nameChildApprover(topApprover, child.path) : topApprover;
  const memory = child?.memory ?? start.memory ?? createApprovalMemory();
  // A child spends from its top session's token budget.
  const tokens: TokenMeter = child?.tokens ?? { spent: 0 };
  const decorators = standardDecorators({
    onEvent: (event) => listener?.(event),
    approval: {
      // Read at every call, so a host may change the mode between turns (an ACP client's set_mode).
      get mode() {
        return options.approval.mode;
      },
      memory,
      ...(approver ? { approver } : {}),
      ...(options.approval.rules ? { rules: options.approval.rules } : {}),
    },
    ...(options.before ? { before: options.before } : {}),
    ...(options.after ? { after: options.after } : {}),
  });
  const depth = child?.depth ?? 0;
  const delegates = options.delegates;
  let surface: ToolSurface = createToolSurface({ tools: tools.tools, decorators });
  const runDelegate: RunDelegate = async (definition, input, context) => {
    const emit = report;
    const session = await createChildSession(
      { options, scope: child, approver: topApprover, memory, surface, tools, agentsMd, tokens },
      definition,
      createAgentSession,
    );
    try {
      return await runChildTurn(session, definition.name, input, context, (event) => emit?.(event));
    } finally {
      await session.close();
    }
  };
  let delegateTools: readonly AnyTool[] = [];
  if (delegates && depth < (delegates.maxDepth ?? DEFAULT_DELEGATE_DEPTH)) {
    delegateTools = delegates.definitions.map((definition) => createDelegateTool(definition, runDelegate));
    if (delegateTools.length > 0)
      surface = mergeToolSurfaces([surface, createToolSurface({ tools: delegateTools, decorators })]);
  }
  const planTools: readonly AnyTool[] = child
    ? []
    : [
        ...(options.planTool ? [createUpdatePlanTool()] : []),
        ...(options.leavePlanMode
          ? [createExitPlanModeTool(() => options.approval.mode, options.leavePlanMode)]
          : []),
      ];
  if (planTools.length > 0)
    surface = mergeToolSurfaces([surface, createToolSurface({ tools: planTools, decorators })]);
  if (child) surface = resolveToolPolicy(surface, childPolicy(child.definition), child.parentSurface);
  else if (options.policy) surface = resolveToolPolicy(surface, options.policy);
  /** How people see a call: by its own tool's declarations (a tool the policy hides included). */
  const present = (call: ToolCall) => {
    const own = Array.isArray(tools.tools)
      ? (tools.tools as readonly AnyTool[]).find((tool) => tool.definition.name === call.name)
      : (tools.tools as ToolProvider).get(call.name);
    const added = [...delegateTools, ...planTools];
    return presentToolCall(own ?? added.find((tool) => tool.definition.name === call.name), call);
  };
  const turnContext: TurnContext = {
    options,
    surface,
    // Built again only when the visible tools change (a provider's list, a policy).
    modelTools: memoizeByElements(toModelTools),
    systemPrompt: memoizeByElements((definitions: readonly ToolDefinition[]) =>
      buildSystemPrompt({
        workspaceRoot: options.workspaceRoot,
        tools: definitions,
        agentsMd,
        instructions: options.instructions,
      }),
    ),
    maxParallelDelegates: delegates?.maxParallel ?? DEFAULT_DELEGATE_PARALLEL,
    readsPolicy: child !== undefined,
    present,
    tokens,
    // Only the top session's compactions are the host's (a child's history is its own).
    ...(child || !options.beforeCompaction ? {} : { beforeCompaction: options.beforeCompaction }),
  };
  const closed = new AbortController();
  let history: readonly AgentMessage[] = start.history ?? [];
  /** What this session's turns spent. */
  let spent = ZERO_USAGE;
  /** The running turn, settled either way (it also marks a rejected result as handled). */
  let running: Promise<unknown> | undefined;
  let closing: Promise<void> | undefined;

  return {
    prompt(input, promptOptions = {}) {
      if (closed.signal.aborted) throw new InvalidOptionsError('The session is closed.');
      if (running) throw new InvalidOptionsError('A turn is already running in this session.');
      const channel = createEventChannel<AgentEvent>();
      const signal = promptOptions.signal
        ? AbortSignal.any([promptOptions.signal, closed.signal])
        : closed.signal;
      listener = (event) => channel.push(event);
      report = (event) => channel.push(event);
      const settle = () => {
        listener = undefined;
        report = undefined;
        running = undefined;
      };
      const ended = (messages: readonly AgentMessage[]) => {
        history = messages;
      };
      const result = runTurn(turnContext, history, input, signal, (event) => channel.push(event), ended).then(
        (turn) => {
          spent = addUsage(spent, turn.usage);
          settle();
          channel.push({ type: 'turn-end', ...turn });
          channel.end();
          return turn;
        },
        (error: unknown) => {
          // Library misuse surfacing mid-turn (a tool provider whose names start to clash):
          // the turn rejects instead of hanging, and the session stays usable.
          settle();
          channel.fail(error);
          throw error;
        },
      );
      running = result.catch(() => undefined);
      return { result, [Symbol.asyncIterator]: () => channel[Symbol.asyncIterator]() };
    },
    history: () => history,
    clear() {
      if (closed.signal.aborted) throw new InvalidOptionsError('The session is closed.');
      if (running)
        throw new InvalidOptionsError('A turn is running in this session; clear it after the turn.');
      history = [];
    },
    async compact(compactOptions = {}) {
      if (closed.signal.aborted) throw new InvalidOptionsError('The session is closed.');
      if (running) throw new InvalidOptionsError('A turn is running in this session: compact between turns.');
      const signal = compactOptions.signal
        ? AbortSignal.any([compactOptions.signal, closed.signal])
        : closed.signal;
      const compacting = compactHistory({
        model: options.model,
        messages: history,
        keepTurns: 1,
        maxRetries: options.limits?.maxRetries ?? DEFAULT_MAX_RETRIES,
        signal,
      });
      running = compacting;
      try {
        const outcome = await compacting;
        switch (outcome.kind) {
          case 'compacted':
            history = outcome.messages;
            return { compacted: true, summary: outcome.summary, replaced: outcome.replaced };
          case 'nothing':
            return { compacted: false, reason: 'there is no turn before the last one to compact' };
          case 'aborted':
            return { compacted: false, reason: 'interrupted' };
          case 'failed':
            return { compacted: false, reason: `the model could not summarize: ${outcome.message}` };
        }
      } finally {
        running = undefined;
      }
    },
    replaceHistory(messages) {
      if (closed.signal.aborted) throw new InvalidOptionsError('The session is closed.');
      if (running)
        throw new InvalidOptionsError('A turn is running in this session: its history cannot be replaced.');
      history = [...messages];
    },
    usage() {
      const definitions = surface.registry.list();
      const window = options.limits?.contextWindow;
      return {
        tokens: spent,
        promptTokens: estimatePromptTokens(
          turnContext.systemPrompt(definitions),
          history,
          turnContext.modelTools(definitions),
        ),
        contextWindow: window,
        compactsAt: window === undefined ? undefined : Math.floor(window * COMPACT_AT),
      };
    },
    close() {
      closing ??= (async () => {
        closed.abort();
        await running;
        await tools.close?.();
      })();
      return closing;
    },
  };
}
