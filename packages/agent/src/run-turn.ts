import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import {
  serializeToolResult,
  type ToolCall,
  type ToolCallPresentation,
  type ToolDefinition,
  type ToolSurface,
} from '@toolgate/core';
import type { AgentEvent, TurnResult } from './agent-event.js';
import type { AgentMessage } from './agent-message.js';
import { type AgentOptions, DEFAULT_MAX_TOOL_CALLS_PER_STEP } from './agent-options.js';
import { compactHistory } from './compact-history.js';
import { contextExceededMessage } from './compaction-description.js';
import { estimatePromptTokens } from './estimate-prompt-tokens.js';
import { runModelStep } from './run-model-step.js';
import { type CallOutcome, notRunOutcomes, runStepCalls } from './run-step-calls.js';
import type { StopReason } from './stop-reason.js';
import { stopReasonOfFinish } from './stop-reason-of-finish.js';
import type { TokenMeter } from './token-meter.js';
import { addUsage, ZERO_USAGE } from './turn-usage.js';

const DEFAULT_MAX_STEPS = 50;
/** Retries of one model request when `limits.maxRetries` is not set. */
export const DEFAULT_MAX_RETRIES = 2;
/** A prompt over this share of the context window is compacted before it is sent. */
export const COMPACT_AT = 0.8;
/** Turns a compaction keeps as they are: the running one and the one before. */
const KEEP_TURNS = 2;

/** What every turn of one session runs with. */
export interface TurnContext {
  /** The session's options: its model and limits. */
  readonly options: AgentOptions;
  /** The session's finished surface: every call runs through it. */
  readonly surface: ToolSurface;
  /** The system prompt for the visible tools (the session remembers it while they stay put). */
  readonly systemPrompt: (definitions: readonly ToolDefinition[]) => string;
  /** The visible tools as the model sees them (remembered likewise). */
  readonly modelTools: (definitions: readonly ToolDefinition[]) => LanguageModelV4FunctionTool[];
  readonly maxParallelDelegates: number;
  /** A refusal by the session's own policy is read by the model instead of ending the turn (a child). */
  readonly readsPolicy: boolean;
  /** How people see a call: by its own tool's declarations (a tool the policy hides included). */
  readonly present: (call: ToolCall) => ToolCallPresentation;
  /** Tokens the session has spent, shared with its delegates' children (`limits.maxSessionTokens`). */
  readonly tokens: TokenMeter;
  /** Awaited before the turn's compaction asks for its summary (the top session's `AgentOptions.beforeCompaction`). */
  readonly beforeCompaction?: () => Promise<void>;
}

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

/**
 * Runs one turn: model step, its tool calls, the next step, until the model answers without calls
 * or a limit, an abort or a failure ends it. `onEnd` gets the history with this turn's user,
 * assistant and tool messages as the turn ends (not when a library misuse rejects it), for the
 * session to keep.
 */
export async function runTurn(
  context: TurnContext,
  history: readonly AgentMessage[],
  input: string,
  callerSignal: AbortSignal,
  emit: (event: AgentEvent) => void,
  onEnd: (messages: readonly AgentMessage[]) => void,
): Promise<TurnResult> {
  const { options, surface, tokens } = context;
  const { maxToolCallsPerTurn, maxTurnMs, maxSessionTokens } = options.limits ?? {};
  // The turn's wall-time budget aborts what runs, as the caller's signal does.
  const overtime = new AbortController();
  const timer = maxTurnMs === undefined ? undefined : setTimeout(() => overtime.abort(), maxTurnMs);
  const signal = maxTurnMs === undefined ? callerSignal : AbortSignal.any([callerSignal, overtime.signal]);
  let callsRun = 0;
  const messages: AgentMessage[] = [...history, { role: 'user', content: [{ type: 'text', text: input }] }];
  const maxSteps = options.limits?.maxSteps ?? DEFAULT_MAX_STEPS;
  const maxRetries = options.limits?.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxToolCallsPerStep = options.limits?.maxToolCallsPerStep ?? DEFAULT_MAX_TOOL_CALLS_PER_STEP;
  let usage = ZERO_USAGE;
  let steps = 0;
  let text = '';
  const end = (reason: StopReason, error?: string, spent?: string): TurnResult => {
    clearTimeout(timer);
    onEnd(messages);
    // Aborted by the wall-time budget, not by the caller.
    const overdue = reason === 'interrupted' && overtime.signal.aborted && !callerSignal.aborted;
    const stopReason = overdue ? 'budget_exhausted' : reason;
    const budget = overdue ? `${maxTurnMs} ms per turn (limits.maxTurnMs)` : spent;
    return {
      stopReason,
      text,
      usage,
      steps,
      ...(error === undefined ? {} : { error }),
      ...(budget === undefined ? {} : { budget }),
    };
  };
  const window = options.limits?.contextWindow;
  /** Compacts the older turns in place; false when there was nothing to compact or it failed. */
  const compact = async (): Promise<boolean | 'aborted'> => {
    const outcome = await compactHistory({
      model: options.model,
      messages,
      keepTurns: KEEP_TURNS,
      maxRetries,
      signal,
      beforeSummary: context.beforeCompaction,
      // The transcript itself must fit: about half the window, at 3.5 characters a token.
      ...(window === undefined ? {} : { maxTranscriptCharacters: Math.floor(window * 1.75) }),
    });
    if (outcome.kind === 'aborted') return 'aborted';
    if (outcome.kind !== 'compacted') return false;
    messages.splice(0, messages.length, ...outcome.messages);
    emit({ type: 'compaction', summary: outcome.summary, replaced: outcome.replaced });
    return true;
  };
  /** A provider's context-length error gets one compaction and a retry per turn. */
  let retriedShorter = false;
  for (;;) {
    if (signal.aborted) return end('interrupted');
    if (steps >= maxSteps) return end('max_steps');
    if (maxSessionTokens !== undefined && tokens.spent >= maxSessionTokens)
      return end(
        'budget_exhausted',
        undefined,
        `${maxSessionTokens} tokens per session, delegates included (limits.maxSessionTokens)`,
      );
    const definitions = surface.registry.list();
    const instructions = context.systemPrompt(definitions);
    const tools = context.modelTools(definitions);
    if (window !== undefined && estimatePromptTokens(instructions, messages, tools) > window * COMPACT_AT) {
      if ((await compact()) === 'aborted') return end('interrupted');
      const estimate = estimatePromptTokens(instructions, messages, tools);
      // Never sent: a request the agent knows exceeds the window.
      if (estimate > window) return end('context_exceeded', contextExceededMessage(estimate, window));
    }
    steps += 1;
    const step = await runModelStep({
      model: options.model,
      instructions,
      messages,
      tools,
      maxRetries,
      maxOutputTokens: options.limits?.maxOutputTokens,
      signal,
      emit,
    });
    if (step.kind === 'aborted') return end('interrupted');
    if (step.kind === 'failed' && step.contextExceeded && !retriedShorter) {
      retriedShorter = true;
      const compacted = await compact();
      if (compacted === 'aborted') return end('interrupted');
      if (compacted) {
        steps -= 1;
        continue;
      }
    }
    if (step.kind === 'failed')
      return end(step.contextExceeded ? 'context_exceeded' : 'model_error', step.message);
    usage = addUsage(usage, step.usage);
    tokens.spent += step.usage.totalTokens;
    text = step.text;
    emit({ type: 'step-finish', step: steps, finishReason: step.finishReason, usage: step.usage });
    if (step.message) messages.push(step.message);
    if (step.toolCalls.length === 0) return end(stopReasonOfFinish(step.finishReason));
    for (const call of step.toolCalls) emit({ type: 'tool-call', call, presentation: context.present(call) });
    if (step.finishReason === 'length') {
      const skipped = notRunOutcomes(step.toolCalls, 'max_tokens');
      for (const outcome of skipped) emit({ type: 'tool-result', ...outcome });
      messages.push(toolMessage(skipped));
      return end('max_tokens');
    }
    const { outcomes, stop, ran } = await runStepCalls(step.toolCalls, surface, {
      signal,
      emit,
      maxParallelDelegates: context.maxParallelDelegates,
      readsPolicy: context.readsPolicy,
      maxCalls: maxToolCallsPerStep,
      ...(maxToolCallsPerTurn === undefined
        ? {}
        : { turnBudget: { left: maxToolCallsPerTurn - callsRun, limit: maxToolCallsPerTurn } }),
    });
    callsRun += ran;
    messages.push(toolMessage(outcomes));
    if (stop === 'budget_exhausted')
      return end(
        stop,
        undefined,
        `${maxToolCallsPerTurn} tool call${maxToolCallsPerTurn === 1 ? '' : 's'} per turn (limits.maxToolCallsPerTurn)`,
      );
    if (stop) return end(stop);
  }
}
