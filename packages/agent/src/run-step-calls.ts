import { type ToolCall, type ToolResult, type ToolSurface, toolFailure } from '@toolgate/core';
import type { AgentEvent } from './agent-event.js';
import { mapWithLimit } from './map-with-limit.js';
import { notRunMessage, overStepLimitMessage, overTurnBudgetMessage } from './not-run-description.js';
import type { StopReason } from './stop-reason.js';
import { stopReasonOfResult } from './stop-reason-of-result.js';

/** A call of the step and its one result. */
export interface CallOutcome {
  readonly call: ToolCall;
  readonly result: ToolResult;
}

/** The results of a step's calls, one per call in the model's order, and whether the turn stops. */
export interface StepCallsOutcome {
  readonly outcomes: readonly CallOutcome[];
  readonly stop: StopReason | undefined;
  /** How many of the calls reached the surface (ran, or were refused there). */
  readonly ran: number;
}

/** How a step's calls run. */
export interface StepCallsOptions {
  readonly signal: AbortSignal;
  readonly emit: (event: AgentEvent) => void;
  /** Delegate calls of one batch running at once. */
  readonly maxParallelDelegates: number;
  /** A refusal by the session's own policy is read by the model instead of stopping (a child). */
  readonly readsPolicy: boolean;
  /** Calls of the step that run; the later ones are answered not run. */
  readonly maxCalls: number;
  /**
   * The turn's budget of calls: how many may still run, and the budget; the calls past it are
   * answered not run and the step stops the turn (`budget_exhausted`). @default no bound
   */
  readonly turnBudget?: { readonly left: number; readonly limit: number };
}

/** Gives every call of `calls` a "not run" result. */
export function notRunOutcomes(calls: readonly ToolCall[], reason: StopReason): CallOutcome[] {
  return calls.map((call) => ({ call, result: toolFailure('not_run', notRunMessage(reason)) }));
}

/** Calls that may run together: read-only ones with each other, delegate calls with each other. */
function batchOf(surface: ToolSurface, call: ToolCall): 'read' | 'delegate' | undefined {
  const definition = surface.registry.get(call.name);
  if (definition?.source.type === 'delegate') return 'delegate';
  return definition?.annotations.readOnly === true ? 'read' : undefined;
}

/**
 * Runs a step's calls through the surface in the model's order: consecutive read-only calls (by
 * annotation) together, consecutive delegate calls together (at most `maxParallelDelegates` at
 * once), every other call alone. A result that stops the turn (see {@link stopReasonOfResult})
 * ends the step; the calls after it get "not run" results, so each call has exactly one result.
 * Only the first `maxCalls` calls run at all; the others are answered not run, saying why, and
 * do not stop the turn. Past the turn's budget of calls they are answered not run and the turn
 * stops (`budget_exhausted`).
 */
export async function runStepCalls(
  calls: readonly ToolCall[],
  surface: ToolSurface,
  options: StepCallsOptions,
): Promise<StepCallsOutcome> {
  const { signal, emit } = options;
  const outcomes: CallOutcome[] = [];
  let stop: StopReason | undefined;
  let next = 0;
  const stepRunnable = Math.min(calls.length, options.maxCalls);
  const budget = options.turnBudget;
  const overBudget = budget !== undefined && budget.left < stepRunnable;
  const runnable = overBudget ? budget.left : stepRunnable;
  while (next < runnable && stop === undefined) {
    if (signal.aborted) {
      stop = 'interrupted';
      break;
    }
    const batch = batchOf(surface, calls[next]!);
    let end = next + 1;
    if (batch) while (end < runnable && batchOf(surface, calls[end]!) === batch) end++;
    const limit = batch === 'delegate' ? options.maxParallelDelegates : end - next;
    const results = await mapWithLimit(calls.slice(next, end), limit, async (call) => {
      const result = await surface.executor.execute(call, { signal });
      emit({ type: 'tool-result', call, result });
      return { call, result };
    });
    for (const outcome of results) {
      outcomes.push(outcome);
      stop ??= stopReasonOfResult(outcome.result, signal, options.readsPolicy);
    }
    next = end;
  }
  if (stop === undefined && next === runnable && overBudget) stop = 'budget_exhausted';
  const skipped =
    stop === 'budget_exhausted' && budget !== undefined
      ? calls.slice(next).map((call) => ({
          call,
          result: toolFailure('not_run', overTurnBudgetMessage(budget.limit)),
        }))
      : stop === undefined && next === runnable
        ? calls.slice(next).map((call) => ({
            call,
            result: toolFailure('not_run', overStepLimitMessage(calls.length, options.maxCalls)),
          }))
        : notRunOutcomes(calls.slice(next), stop ?? 'interrupted');
  for (const outcome of skipped) emit({ type: 'tool-result', ...outcome });
  return { outcomes: [...outcomes, ...skipped], stop, ran: next };
}
