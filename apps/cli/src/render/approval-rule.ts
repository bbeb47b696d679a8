import { type ApprovalMode, type ApprovalSubject, requiresApproval } from '@toolgate/core';

/** The values of the input's `action` enum (bash's exec, start, …), when the tool has one. */
function actionsOf(tool: ApprovalSubject): readonly string[] | undefined {
  const action = tool.definition.inputSchema.properties?.action;
  if (action === null || typeof action !== 'object') return undefined;
  const values = (action as { readonly enum?: unknown }).enum;
  return Array.isArray(values) && values.length > 0 && values.every((value) => typeof value === 'string')
    ? values
    : undefined;
}

/**
 * Whether `mode` asks before this tool runs, by the rule the tool declares: `yes`, `no`, or for a
 * tool with an `action` argument whose actions differ (bash), the actions that ask.
 */
export function describeApprovalRule(mode: ApprovalMode, tool: ApprovalSubject): string {
  // A tool module's rule may throw on the bare arguments a listing judges: such a call never runs
  // unasked (the surface answers it with internal_error), so the listing says it asks.
  const asks = (input: unknown): boolean => {
    try {
      return requiresApproval(mode, tool, input);
    } catch {
      return true;
    }
  };
  const actions = actionsOf(tool);
  if (actions) {
    const asking = actions.filter((action) => asks({ action }));
    if (asking.length === actions.length) return 'yes';
    if (asking.length === 0) return 'no';
    return [...asking].sort().join(',');
  }
  return asks({}) ? 'yes' : 'no';
}
