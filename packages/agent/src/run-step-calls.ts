import { type ToolCall, type ToolResult, type ToolSurface, toolFailure } from '@toolgate/core';
import type { AgentEvent } from './agent-event.js';
import { notRunMessage } from './not-run-description.js';
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
}

/** Gives every call of `calls` a "not run" result. */
export function notRunOutcomes(calls: readonly ToolCall[], reason: StopReason): CallOutcome[] {
  return calls.map((call) => ({ call, result: toolFailure('not_run', notRunMessage(reason)) }));
}

/**
 * Runs a step's calls through the surface: consecutive read-only calls (by annotation) together,
 * every other call alone, in the model's order. A result that stops the turn (see
 * {@link stopReasonOfResult}) ends the step; the calls after it get "not run" results, so each call
 * has exactly one result.
 */
export async function runStepCalls(
  calls: readonly ToolCall[],
  surface: ToolSurface,
  signal: AbortSignal,
  emit: (event: AgentEvent) => void,
): Promise<StepCallsOutcome> {
  const readOnly = (call: ToolCall) => surface.registry.get(call.name)?.annotations.readOnly === true;
  const outcomes: CallOutcome[] = [];
  let stop: StopReason | undefined;
  let next = 0;
  while (next < calls.length && stop === undefined) {
    if (signal.aborted) {
      stop = 'interrupted';
      break;
    }
    let end = next + 1;
    if (readOnly(calls[next]!)) while (end < calls.length && readOnly(calls[end]!)) end++;
    const batch = calls.slice(next, end);
    const results = await Promise.all(
      batch.map(async (call) => {
        const result = await surface.executor.execute(call, { signal });
        emit({ type: 'tool-result', call, result });
        return { call, result };
      }),
    );
    for (const outcome of results) {
      outcomes.push(outcome);
      stop ??= stopReasonOfResult(outcome.result, signal);
    }
    next = end;
  }
  const skipped = notRunOutcomes(calls.slice(next), stop ?? 'interrupted');
  for (const outcome of skipped) emit({ type: 'tool-result', ...outcome });
  return { outcomes: [...outcomes, ...skipped], stop };
}
