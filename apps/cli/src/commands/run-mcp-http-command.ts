import { randomBytes } from 'node:crypto';
import { settleCommits } from '@toolgate/core';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommonOptions } from '../cli/parse-cli-arguments.js';
import type { HttpAddress } from '../cli/parse-http-address.js';
import { readVersion } from '../cli/read-version.js';
import { signalExitCode } from '../cli/signal-exit-code.js';
import { UsageError } from '../cli/usage-error.js';
import { openMcpServeSession } from './open-mcp-serve-session.js';

function listFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * `toolgate mcp --http [HOST:]PORT`: the same gated surface over Streamable HTTP. Every request
 * needs the bearer token (`TOOLGATE_MCP_TOKEN`, else one generated and printed on stderr); `Host`
 * and `Origin` must name the loopback address bound (or `TOOLGATE_MCP_ALLOWED_HOSTS` /
 * `TOOLGATE_MCP_ALLOWED_ORIGINS`, for a reverse proxy). Each MCP session gets its own toolgate
 * session, closed with its processes when the client deletes it or goes idle
 * (`TOOLGATE_MCP_IDLE_SECONDS`, default 1800). Runs until a signal arrives.
 */
export async function runMcpHttpCommand(
  io: CliIo,
  address: HttpAddress,
  options: CommonOptions,
): Promise<ExitCode> {
  const given = io.env.TOOLGATE_MCP_TOKEN;
  if (given !== undefined && given.trim().length < 32) {
    throw new UsageError(
      'TOOLGATE_MCP_TOKEN must be at least 32 characters (e.g. `openssl rand -base64 32`).',
    );
  }
  const idle = io.env.TOOLGATE_MCP_IDLE_SECONDS;
  const idleSeconds = idle === undefined ? 1800 : Number(idle);
  if (!Number.isSafeInteger(idleSeconds) || idleSeconds <= 0) {
    throw new UsageError(
      `TOOLGATE_MCP_IDLE_SECONDS must be a positive whole number of seconds; got ${JSON.stringify(idle)}.`,
    );
  }
  const token = given?.trim() ?? randomBytes(32).toString('base64url');
  const { createMcpServer, serveOverHttp } = await import('@toolgate/mcp');
  let endpoint: Awaited<ReturnType<typeof serveOverHttp>>;
  try {
    endpoint = await serveOverHttp({
      host: address.host,
      port: address.port,
      token,
      idleTimeoutMs: idleSeconds * 1000,
      allowedHosts: listFromEnv(io.env.TOOLGATE_MCP_ALLOWED_HOSTS),
      allowedOrigins: listFromEnv(io.env.TOOLGATE_MCP_ALLOWED_ORIGINS),
      log: (line) => io.stderr.write(`toolgate mcp: ${line}\n`),
      createSession: async () => {
        let server: ReturnType<typeof createMcpServer> | undefined;
        const session = await openMcpServeSession(
          io,
          options,
          () => void server?.notifyToolsChanged().catch(() => {}),
          async (request, signal) => (server ? server.elicit(request, signal) : { action: 'decline' }),
        );
        server = createMcpServer({
          surface: (approver) => session.withApprover(approver),
          name: 'toolgate',
          version: readVersion(),
          onClose: async () => {
            await session.close();
          },
        });
        return { server };
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      throw new UsageError(`--http: cannot listen on ${address.host}:${address.port} (${code}).`);
    }
    throw error;
  }
  io.stderr.write(`toolgate mcp: serving MCP over Streamable HTTP at ${endpoint.url}\n`);
  if (given === undefined)
    io.stderr.write(`toolgate mcp: bearer token (send as "Authorization: Bearer <token>"): ${token}\n`);
  await new Promise<void>((resolve) => {
    if (io.signal.aborted) resolve();
    else io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await endpoint.close();
  await settleCommits();
  return signalExitCode(io.signal) ?? EXIT_CODES.success;
}
