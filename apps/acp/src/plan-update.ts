import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { ToolResult } from '@toolgate/core';

/**
 * ACP's `plan` update for a call whose result carries the model's plan (`display.plan`, as a plan
 * tool's does): every step as an entry with its status; `undefined` for any other result.
 */
export function planUpdateOf(result: ToolResult): SessionUpdate | undefined {
  const plan = result.status === 'success' ? result.display?.plan : undefined;
  if (!plan) return undefined;
  return {
    sessionUpdate: 'plan',
    entries: plan.map((step) => ({ content: step.step, status: step.status, priority: 'medium' })),
  };
}
