import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommonOptions } from '../cli/parse-cli-arguments.js';
import { readVersion } from '../cli/read-version.js';
import { signalExitCode } from '../cli/signal-exit-code.js';
import { openMcpServeSession } from './open-mcp-serve-session.js';

/**
 * `toolgate mcp`: serves the gated surface over MCP on stdio. Approvals go to the client through
 * elicitation (fail closed when it has none, unless `--approval auto`). The session, and every
 * process it started, lives until the client leaves (stdin ends) or a signal arrives.
 *
 * `initialize` is answered first, before the MCP SDK loads (`answerInitializeEarly`); the SDK
 * server then reads what came meanwhile, and the settings, the tool packages and the sandbox
 * probe load once the client has its answer (or asks for tools). A configuration error then
 * closes the connection and exits 2.
 */
export async function runMcpCommand(io: CliIo, options: CommonOptions): Promise<ExitCode> {
  const { answerInitializeEarly } = await import('@toolgate/mcp/early-initialize');
  const early = answerInitializeEarly(io.stdin, io.stdout, { name: 'toolgate', version: readVersion() });
  // Loading the SDK holds the event loop: the client's first line is read and answered before.
  await Promise.race([
    early.firstLine,
    new Promise((resolve) => io.signal.addEventListener('abort', resolve, { once: true })),
  ]);
  const { createMcpServer, createStdioServerTransport } = await import('@toolgate/mcp');
  let server: ReturnType<typeof createMcpServer> | undefined;
  let failure: unknown;
  let opening: ReturnType<typeof openMcpServeSession> | undefined;
  const open = () => {
    opening ??= openMcpServeSession(
      io,
      options,
      () => void server?.notifyToolsChanged().catch(() => {}),
      async (request, signal) => (server ? server.elicit(request, signal) : { action: 'decline' }),
    );
    opening.catch((error: unknown) => {
      failure ??= error;
      void server?.close();
    });
    return opening;
  };
  const closed = new Promise<void>((resolve) => {
    server = createMcpServer({
      surface: async (approver) => (await open()).withApprover(approver),
      name: 'toolgate',
      version: readVersion(),
      onClose: async () => {
        if (opening) await opening.then((session) => session.close()).catch(() => {});
        resolve();
      },
    });
    const served = server;
    served.server.oninitialized = () => void open().catch(() => {});
    const onSignal = () => void served.close();
    if (io.signal.aborted) onSignal();
    else io.signal.addEventListener('abort', onSignal, { once: true });
    const transport = createStdioServerTransport(io.stdin, io.stdout, {
      log: (line) => io.stderr.write(`toolgate mcp: ${line}\n`),
      early: early.handOver(),
    });
    served.connect(transport).catch((error: unknown) => {
      io.stderr.write(`toolgate mcp: ${error instanceof Error ? error.message : String(error)}\n`);
      void served.close();
    });
  });
  await closed;
  // A write the client no longer waits for (it left mid-request) finishes before the process exits.
  await (await import('@toolgate/core')).settleCommits();
  // A settings or config error is reported as any command reports it (exit 2).
  if (failure !== undefined) throw failure;
  return signalExitCode(io.signal) ?? EXIT_CODES.success;
}
