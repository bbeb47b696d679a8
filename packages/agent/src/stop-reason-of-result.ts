import type { ToolResult } from '@toolgate/core';
import type { StopReason } from './stop-reason.js';

/**
 * Whether a call's typed result stops the turn: an aborted turn is `interrupted`; a rejection by
 * the approver without feedback is `blocked_by_approval` (with feedback the model reads it and goes
 * on); the mode's refusal (plan, dont-ask) never stops it; a refusal by policy, a rule or a hook is `blocked_by_policy`. A delegate's child reads its
 * own policy's refusals instead (`readsPolicy`): a tool it may not use is no reason to stop, it
 * tries another way.
 */
export function stopReasonOfResult(
  result: ToolResult,
  signal: AbortSignal,
  readsPolicy = false,
): StopReason | undefined {
  if (signal.aborted) return 'interrupted';
  if (result.status !== 'rejected') return undefined;
  // The mode's own refusal (plan, dont-ask) is for the model to read: it proposes or does without.
  if (result.by === 'mode') return undefined;
  if (result.by === 'approval') return result.feedback ? undefined : 'blocked_by_approval';
  return result.by === 'policy' && readsPolicy ? undefined : 'blocked_by_policy';
}
