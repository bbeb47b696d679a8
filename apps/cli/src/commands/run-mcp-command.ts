import { settleCommits } from '@toolgate/core';
import { openHostSession } from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommonOptions } from '../cli/parse-cli-arguments.js';
import { readVersion } from '../cli/read-version.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { signalExitCode } from './run-call-command.js';

/**
 * `toolgate mcp`: serves the gated surface over MCP on stdio. Approvals go to the client through
 * elicitation (fail closed when it has none, unless `--approval auto`). The session, and every
 * process it started, lives until the client leaves (stdin ends) or a signal arrives.
 */
export async function runMcpCommand(io: CliIo, options: CommonOptions): Promise<ExitCode> {
  const settings = await resolveSessionSettings(io, options);
  const { createMcpServer, createStdioServerTransport } = await import('@toolgate/mcp');
  let server: ReturnType<typeof createMcpServer> | undefined;
  // Built-in tools are served at once; each MCP server's tools join when it connects, and the
  // client hears of it through list_changed. Approvals go to each client (withApprover).
  const session = await openHostSession(settings, {
    purpose: { kind: 'serve' },
    answeredBy: 'mcp-client',
    env: io.env,
    notice: (line) => io.stderr.write(`${line}\n`),
    mcpStderr: (name, chunk) => io.stderr.write(`[${name}] ${chunk}`),
    onMcpToolsChanged: () => void server?.notifyToolsChanged().catch(() => {}),
  });
  const closed = new Promise<void>((resolve) => {
    server = createMcpServer({
      surface: (approver) => session.withApprover(approver),
      name: 'toolgate',
      version: readVersion(),
      onClose: async () => {
        await session.close();
        resolve();
      },
    });
    const served = server;
    const onSignal = () => void served.close();
    if (io.signal.aborted) onSignal();
    else io.signal.addEventListener('abort', onSignal, { once: true });
    const transport = createStdioServerTransport(io.stdin, io.stdout, {
      log: (line) => io.stderr.write(`toolgate mcp: ${line}\n`),
    });
    served.connect(transport).catch((error: unknown) => {
      io.stderr.write(`toolgate mcp: ${error instanceof Error ? error.message : String(error)}\n`);
      void served.close();
    });
  });
  void session.mcpReady.then(() => {
    for (const line of session.mcpStatus()) io.stderr.write(`${line}\n`);
  });
  await closed;
  // A write the client no longer waits for (it left mid-request) finishes before the process exits.
  await settleCommits();
  return signalExitCode(io.signal) ?? EXIT_CODES.success;
}
