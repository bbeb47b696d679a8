import type { ToolHostSession } from '@toolgate/host';
import type { McpElicitor } from '@toolgate/mcp';
import type { CliIo } from '../cli/cli-io.js';
import type { CommonOptions } from '../cli/parse-cli-arguments.js';

/**
 * One toolgate session for `toolgate mcp` (stdio: the only one; HTTP: one per MCP session). The
 * host, the tool packages and the sandbox load here, so a server answers `initialize` first.
 * Built-in tools are served at once; each MCP server's tools join when it connects, and the client
 * hears of it through `onMcpToolsChanged` (list_changed). Approvals go to each client (withApprover),
 * and so do the forms those MCP servers ask during a call (`elicit`: the person answers in their client).
 */
export async function openMcpServeSession(
  io: CliIo,
  options: CommonOptions,
  onMcpToolsChanged: () => void,
  elicit: McpElicitor,
): Promise<ToolHostSession> {
  const { resolveSessionSettings } = await import('../cli/resolve-session-settings.js');
  const { openHostSession } = await import('@toolgate/host');
  const settings = await resolveSessionSettings(io, options);
  const session = await openHostSession(settings, {
    purpose: { kind: 'serve' },
    answeredBy: 'mcp-client',
    env: io.env,
    notice: (line) => io.stderr.write(`${line}\n`),
    mcpStderr: (name, chunk) => io.stderr.write(`[${name}] ${chunk}`),
    onMcpToolsChanged,
    mcpElicit: elicit,
  });
  void session.mcpReady.then(() => {
    for (const line of session.mcpStatus()) io.stderr.write(`${line}\n`);
  });
  return session;
}
