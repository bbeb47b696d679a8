import { type ApprovalMode, requiresApproval, type ToolDefinition } from '@toolgate/core';

const BASH_ACTIONS = ['exec', 'start', 'stop', 'write', 'status', 'logs', 'list'];

/** Whether `mode` asks before this tool runs: `yes`, `no`, or for bash the actions that ask. */
export function describeApprovalRule(mode: ApprovalMode, definition: ToolDefinition): string {
  if (definition.name === 'bash') {
    const asking = BASH_ACTIONS.filter((action) => requiresApproval(mode, definition, { action }));
    if (asking.length === BASH_ACTIONS.length) return 'yes';
    if (asking.length === 0) return 'no';
    return asking.join(',');
  }
  return requiresApproval(mode, definition, {}) ? 'yes' : 'no';
}
