import type { ToolCallContext, ToolRejection, ToolResult } from '@toolgate/core';
import type { AgentEvent } from '../agent-event.js';
import type { AgentSession } from '../agent-session.js';
import type { DelegateInput } from './create-delegate-tool.js';
import { delegateResultOf } from './delegate-result.js';

/** The prompt of a child: the task, then the context when given. */
function childPrompt(input: DelegateInput): string {
  const context = input.context?.trim();
  return context ? `${input.task}\n\nContext:\n${context}` : input.task;
}

/**
 * Runs the delegate's task as one turn of the child session, on the delegate call's signal (so
 * cancelling the parent cancels the child), reporting each child event as a `delegate-event`
 * named by the child and the delegate call's id; the child's end becomes the call's result.
 */
export async function runChildTurn(
  session: AgentSession,
  agent: string,
  input: DelegateInput,
  context: ToolCallContext,
  report: (event: AgentEvent) => void,
): Promise<ToolResult> {
  const turn = session.prompt(childPrompt(input), { signal: context.signal });
  let refusal: (ToolRejection & { readonly by: Exclude<ToolRejection['by'], 'mode'> }) | undefined;
  for await (const event of turn) {
    // The mode's refusals (plan, dont-ask) do not stop the child: its model reads them and goes on.
    const result = event.type === 'tool-result' ? event.result : undefined;
    if (result?.status === 'rejected' && result.by !== 'mode') refusal = { ...result, by: result.by };
    report({ type: 'delegate-event', agent, callId: context.callId, event });
  }
  return delegateResultOf(agent, await turn.result, refusal);
}
