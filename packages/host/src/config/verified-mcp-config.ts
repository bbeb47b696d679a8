import { join } from 'node:path';
import type { CommandPlan } from './inspect-command.js';

/**
 * The `.mcp.json` text whose stdio servers start their verified copies: the `command` or `args`
 * entry that named a workspace script now names its copy under `directory`. An entry written with
 * `${VAR}` stays as written (its value is known only when expanded), so that server starts from
 * the workspace path that was checked; the file is protected either way.
 */
export function verifiedMcpConfig(
  text: string,
  plans: ReadonlyMap<string, CommandPlan>,
  directory: string,
): string {
  const raw = JSON.parse(text) as { mcpServers?: Record<string, { command?: unknown; args?: unknown[] }> };
  for (const [name, plan] of plans) {
    const server = raw.mcpServers?.[name];
    const executed = plan.executed;
    if (!server || !executed) continue;
    const copy = join(directory, executed.rel);
    if (executed.index === 0) {
      if (typeof server.command === 'string' && !server.command.includes('$')) server.command = copy;
    } else if (Array.isArray(server.args)) {
      const arg = server.args[executed.index - 1];
      if (typeof arg === 'string' && !arg.includes('$')) server.args[executed.index - 1] = copy;
    }
  }
  return `${JSON.stringify(raw, null, 2)}\n`;
}
