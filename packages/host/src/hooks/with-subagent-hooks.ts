import { DELEGATE_TOOL_PREFIX } from '@toolgate/agent';
import type { ToolDecorator } from '@toolgate/core';
import type { SessionHookRunner } from './create-session-hook-runner.js';

/**
 * A decorator (between approval and the tool) that runs the subagentStart hooks before a delegate
 * call's child session starts and the subagentStop hooks once it ended, with Claude Code's
 * `agent_id` (the call id) and `agent_type` (the delegate's name, which `matcher` matches);
 * `subagentStop` adds `stop_hook_active: false`. What they print is not read; a failure is a notice.
 */
export function withSubagentHooks(runner: SessionHookRunner): ToolDecorator {
  return async (invocation, next) => {
    const { definition } = invocation.tool;
    if (definition.source.type !== 'delegate') return next();
    const agentType = definition.name.startsWith(DELEGATE_TOOL_PREFIX)
      ? definition.name.slice(DELEGATE_TOOL_PREFIX.length)
      : definition.name;
    const fields = { agent_id: invocation.call.id, agent_type: agentType };
    await runner.notify('subagentStart', fields, agentType);
    try {
      return await next();
    } finally {
      await runner.notify('subagentStop', { ...fields, stop_hook_active: false }, agentType);
    }
  };
}
