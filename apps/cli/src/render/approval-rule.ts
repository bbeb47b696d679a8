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
  const actions = actionsOf(tool);
  if (actions) {
    const asking = actions.filter((action) => requiresApproval(mode, tool, { action }));
    if (asking.length === actions.length) return 'yes';
    if (asking.length === 0) return 'no';
    return [...asking].sort().join(',');
  }
  return requiresApproval(mode, tool, {}) ? 'yes' : 'no';
}
