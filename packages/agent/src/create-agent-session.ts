import {
  type AgentDefinition,
  type AnyTool,
  type ApprovalMemory,
  type Approver,
  createApprovalMemory,
  createToolSurface,
  InvalidOptionsError,
  mergeToolSurfaces,
  presentToolCall,
  resolveToolPolicy,
  serializeToolResult,
  standardDecorators,
  type ToolCall,
  type ToolDefinition,
  type ToolEvent,
  type ToolProvider,
  type ToolSurface,
} from '@toolgate/core';
import type { AgentEvent, TurnResult } from './agent-event.js';
import type { AgentMessage } from './agent-message.js';
import {
  type AgentOptions,
  DEFAULT_MAX_TOOL_CALLS_PER_STEP,
  type SessionTools,
  type SessionToolsContext,
} from './agent-options.js';
import { buildSystemPrompt } from './build-system-prompt.js';
import { createDelegateTool, type RunDelegate } from './delegate/create-delegate-tool.js';
import {
  DEFAULT_DELEGATE_DEPTH,
  DEFAULT_DELEGATE_PARALLEL,
  type DelegateDefinition,
} from './delegate/delegate-definition.js';
import { nameChildApprover } from './delegate/name-child-approver.js';
import { runChildTurn } from './delegate/run-child-turn.js';
import { createEventChannel } from './event-channel.js';
import { memoizeByElements } from './memoize-by-elements.js';
import { runModelStep } from './run-model-step.js';
import { type CallOutcome, notRunOutcomes, runStepCalls } from './run-step-calls.js';
import { serializeApprover } from './serialize-approver.js';
import type { StopReason } from './stop-reason.js';
import { stopReasonOfFinish } from './stop-reason-of-finish.js';
import { toModelTools } from './to-model-tools.js';
import { addUsage, ZERO_USAGE } from './turn-usage.js';

/** One running turn: iterate it for events; `result` settles when it ends (iterating is optional). */
export interface AgentTurn extends AsyncIterable<AgentEvent> {
  readonly result: Promise<TurnResult>;
}

/** Options of {@link AgentSession.prompt}. */
export interface PromptOptions {
  /** Aborting it interrupts the turn: the model request is cancelled, the running tool stopped. */
  readonly signal?: AbortSignal;
}

/** A conversation: its history, approval memory, tools and what they started. */
export interface AgentSession {
  /** Runs one turn. Throws {@link InvalidOptionsError} while another turn runs or after `close`. */
  prompt(input: string, options?: PromptOptions): AgentTurn;
  /** The history so far (user, assistant and tool messages), valid for any provider. */
  history(): readonly AgentMessage[];
  /** Interrupts a running turn and stops every process and connection the session started. */
  close(): Promise<void>;
}

const DEFAULT_MAX_STEPS = 50;
const DEFAULT_MAX_RETRIES = 2;

function toolMessage(outcomes: readonly CallOutcome[]): AgentMessage {
  return {
    role: 'tool',
    content: outcomes.map(({ call, result }) => ({
      type: 'tool-result',
      toolCallId: call.id,
      toolName: call.name,
      output: { type: 'text', value: serializeToolResult(result, call) },
    })),
  };
}

async function openTools(options: AgentOptions, context: SessionToolsContext): Promise<SessionTools> {
  return typeof options.tools === 'function' ? await options.tools(context) : { tools: options.tools };
}

/** A delegate's child session: what it inherits from the session that started it. */
interface ChildScope {
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
}

function childPolicy(definition: DelegateDefinition): AgentDefinition {
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
 * Builds a session for {@link createAgent}; with `child`, a delegate's child session of the top
 * agent's `options`.
 */
export async function createAgentSession(options: AgentOptions, child?: ChildScope): Promise<AgentSession> {
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
  const memory = child?.memory ?? createApprovalMemory();
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
  const maxParallelDelegates = delegates?.maxParallel ?? DEFAULT_DELEGATE_PARALLEL;
  let surface: ToolSurface = createToolSurface({ tools: tools.tools, decorators });
  const runDelegate: RunDelegate = async (definition, input, context) => {
    const emit = report;
    const topInstructions = child ? child.topInstructions : options.instructions;
    const session = await createAgentSession(childOptions(options, definition, topInstructions), {
      definition,
      depth: depth + 1,
      path: child ? `${child.path} › ${definition.name}` : definition.name,
      approver: topApprover,
      memory,
      parentSurface: surface,
      parentTools: tools,
      agentsMd,
      topInstructions,
    });
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
  if (child) surface = resolveToolPolicy(surface, childPolicy(child.definition), child.parentSurface);
  else if (options.policy) surface = resolveToolPolicy(surface, options.policy);
  /** How people see a call: by its own tool's declarations (a tool the policy hides included). */
  const present = (call: ToolCall) => {
    const own = Array.isArray(tools.tools)
      ? (tools.tools as readonly AnyTool[]).find((tool) => tool.definition.name === call.name)
      : (tools.tools as ToolProvider).get(call.name);
    return presentToolCall(own ?? delegateTools.find((tool) => tool.definition.name === call.name), call);
  };
  const maxSteps = options.limits?.maxSteps ?? DEFAULT_MAX_STEPS;
  const maxRetries = options.limits?.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxToolCallsPerStep = options.limits?.maxToolCallsPerStep ?? DEFAULT_MAX_TOOL_CALLS_PER_STEP;
  const closed = new AbortController();
  let history: AgentMessage[] = [];
  // Built again only when the visible tools change (a provider's list, a policy).
  const modelTools = memoizeByElements(toModelTools);
  const systemPrompt = memoizeByElements((definitions: readonly ToolDefinition[]) =>
    buildSystemPrompt({
      workspaceRoot: options.workspaceRoot,
      tools: definitions,
      agentsMd,
      instructions: options.instructions,
    }),
  );
  /** The running turn, settled either way (it also marks a rejected result as handled). */
  let running: Promise<unknown> | undefined;
  let closing: Promise<void> | undefined;

  async function runTurn(input: string, signal: AbortSignal, emit: (event: AgentEvent) => void) {
    const messages: AgentMessage[] = [...history, { role: 'user', content: [{ type: 'text', text: input }] }];
    let usage = ZERO_USAGE;
    let steps = 0;
    let text = '';
    const end = (stopReason: StopReason, error?: string): TurnResult => {
      history = messages;
      return { stopReason, text, usage, steps, ...(error === undefined ? {} : { error }) };
    };
    for (;;) {
      if (signal.aborted) return end('interrupted');
      if (steps >= maxSteps) return end('max_steps');
      const definitions = surface.registry.list();
      steps += 1;
      const step = await runModelStep({
        model: options.model,
        instructions: systemPrompt(definitions),
        messages,
        tools: modelTools(definitions),
        maxRetries,
        maxOutputTokens: options.limits?.maxOutputTokens,
        signal,
        emit,
      });
      if (step.kind === 'aborted') return end('interrupted');
      if (step.kind === 'failed') return end('model_error', step.message);
      usage = addUsage(usage, step.usage);
      text = step.text;
      emit({ type: 'step-finish', step: steps, finishReason: step.finishReason, usage: step.usage });
      if (step.message) messages.push(step.message);
      if (step.toolCalls.length === 0) return end(stopReasonOfFinish(step.finishReason));
      for (const call of step.toolCalls) emit({ type: 'tool-call', call, presentation: present(call) });
      if (step.finishReason === 'length') {
        const skipped = notRunOutcomes(step.toolCalls, 'max_tokens');
        for (const outcome of skipped) emit({ type: 'tool-result', ...outcome });
        messages.push(toolMessage(skipped));
        return end('max_tokens');
      }
      const { outcomes, stop } = await runStepCalls(step.toolCalls, surface, {
        signal,
        emit,
        maxParallelDelegates,
        readsPolicy: child !== undefined,
        maxCalls: maxToolCallsPerStep,
      });
      messages.push(toolMessage(outcomes));
      if (stop) return end(stop);
    }
  }

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
      const result = runTurn(input, signal, (event) => channel.push(event)).then(
        (turn) => {
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
