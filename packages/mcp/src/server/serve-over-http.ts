import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { InvalidOptionsError } from '@toolgate/core';
import type { ToolgateMcpServer } from './create-mcp-server.js';

/** One MCP session's server, made for it alone (a toolgate session of its own). */
export interface McpHttpSession {
  /** The session's MCP server (its `onClose` closes the toolgate session and stops its processes). */
  readonly server: ToolgateMcpServer;
}

/** Options for {@link serveOverHttp}. */
export interface ServeOverHttpOptions {
  /** Interface to listen on. Anything but a loopback address must be chosen. @default '127.0.0.1' */
  readonly host?: string;
  /** Port; 0 picks a free one. */
  readonly port: number;
  /** The bearer token every request must carry (`Authorization: Bearer <token>`); at least 32 characters. */
  readonly token: string;
  /** Makes the server of one new MCP session (called on each `initialize` without a session). */
  readonly createSession: () => Promise<McpHttpSession>;
  /**
   * `Host` header values accepted besides the loopback names with the port (`localhost:PORT`,
   * `127.0.0.1:PORT`, `[::1]:PORT`): a reverse proxy's public name. @default none
   */
  readonly allowedHosts?: readonly string[];
  /** `Origin` values accepted besides `http://localhost:PORT` and the other loopback ones. @default none */
  readonly allowedOrigins?: readonly string[];
  /**
   * A session with no request for this long is closed (its processes stopped); a request still
   * being answered keeps it, the client's standing GET stream does not. @default 1800000 (30 min)
   */
  readonly idleTimeoutMs?: number;
  /** The endpoint's path. @default '/mcp' */
  readonly path?: string;
  /** One line per refused request or closed session, for the host's log. @default discarded */
  readonly log?: (line: string) => void;
}

/** A running Streamable HTTP endpoint. */
export interface McpHttpEndpoint {
  /** The endpoint's URL (with the port actually bound). */
  readonly url: string;
  /** How many MCP sessions are open. */
  sessions(): number;
  /** Stops listening and closes every session. Idempotent. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new RangeError('too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (message) =>
      typeof message === 'object' &&
      message !== null &&
      (message as { method?: unknown }).method === 'initialize',
  );
}

interface OpenSession {
  readonly transport: StreamableHTTPServerTransport;
  readonly server: ToolgateMcpServer;
  active: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Serves MCP over Streamable HTTP (the SDK's transport) on one endpoint: loopback by default, the
 * `Host` and `Origin` headers checked against the bound names (DNS rebinding), a bearer token
 * required on every request, one server (one toolgate session) per MCP session, and a session
 * closed when the client deletes it or sends nothing for `idleTimeoutMs`.
 */
export async function serveOverHttp(options: ServeOverHttpOptions): Promise<McpHttpEndpoint> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const idleTimeoutMs = options.idleTimeoutMs ?? 30 * 60 * 1000;
  if (options.token.length < 32) {
    throw new InvalidOptionsError('serveOverHttp: the bearer token must be at least 32 characters.');
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    throw new InvalidOptionsError(
      `serveOverHttp: port must be an integer from 0 to 65535, got ${options.port}.`,
    );
  }
  if (!Number.isSafeInteger(idleTimeoutMs) || idleTimeoutMs <= 0) {
    throw new InvalidOptionsError(
      `serveOverHttp: idleTimeoutMs must be a positive integer, got ${idleTimeoutMs}.`,
    );
  }
  const log = options.log ?? (() => {});
  const sessions = new Map<string, OpenSession>();
  let port = options.port;
  let hosts = new Set<string>();
  let origins = new Set<string>();

  const closeSession = async (id: string, why: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    clearTimeout(session.timer);
    log(`session ${id.slice(0, 8)} closed (${why})`);
    await session.server.close().catch(() => {});
  };

  const touch = (id: string, session: OpenSession) => {
    clearTimeout(session.timer);
    session.timer =
      session.active > 0 ? undefined : setTimeout(() => void closeSession(id, 'idle'), idleTimeoutMs);
    session.timer?.unref();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://placeholder');
    // DNS rebinding: a page on another name that resolves here must not reach the endpoint.
    const hostHeader = request.headers.host ?? '';
    if (!hosts.has(hostHeader.toLowerCase())) {
      log(`refused a request with Host ${JSON.stringify(hostHeader.slice(0, 100))}`);
      return refuse(response, 403, 'Forbidden: this Host is not served here.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin.toLowerCase())) {
      log(`refused a request with Origin ${JSON.stringify(origin.slice(0, 100))}`);
      return refuse(response, 403, 'Forbidden: this Origin is not allowed.');
    }
    const authorization = request.headers.authorization ?? '';
    const given = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() ?? '';
    if (!sameToken(given, options.token)) {
      return refuse(
        response,
        401,
        'Unauthorized: send the token toolgate printed as "Authorization: Bearer <token>".',
        {
          'www-authenticate': 'Bearer realm="toolgate"',
        },
      );
    }
    if (url.pathname !== path) return refuse(response, 404, `Not found: the MCP endpoint is ${path}.`);
    let body: unknown;
    if (request.method === 'POST') {
      try {
        body = await readBody(request);
      } catch (error) {
        return error instanceof RangeError
          ? refuse(response, 413, 'The request is over the 10 MiB limit of one MCP message.')
          : refuse(response, 400, 'Parse error: the body is not JSON.');
      }
    }
    const id = request.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.get(id);
      if (!session) return refuse(response, 404, 'Session not found: it was closed; initialize a new one.');
      // A request being answered keeps the session; the client's standing GET stream does not
      // (an idle client holding one is closed, and starts a new session when it comes back).
      const counted = request.method !== 'GET';
      if (counted) session.active += 1;
      touch(id, session);
      response.once('close', () => {
        if (counted) session.active -= 1;
        if (sessions.get(id) === session) touch(id, session);
      });
      await session.transport.handleRequest(request, response, body);
      return;
    }
    if (request.method !== 'POST' || !isInitialize(body)) {
      return refuse(response, 400, 'Bad request: no Mcp-Session-Id; a session starts with initialize.');
    }
    const { server } = await options.createSession();
    let opened: OpenSession | undefined;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        opened = { transport, server, active: 0, timer: undefined };
        sessions.set(sessionId, opened);
        touch(sessionId, opened);
      },
      onsessionclosed: (sessionId) => void closeSession(sessionId, 'deleted by the client'),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) void closeSession(transport.sessionId, 'transport closed');
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
    // An initialize the transport refused made no session: its server goes.
    if (opened === undefined) await server.close().catch(() => {});
  };

  const http: HttpServer = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) refuse(response, 500, 'Internal error.');
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;
  const names = [
    'localhost',
    '127.0.0.1',
    '[::1]',
    ...(LOOPBACK.has(host) ? [] : [host.includes(':') ? `[${host}]` : host]),
  ];
  hosts = new Set([
    ...names.map((name) => `${name}:${port}`),
    ...(options.allowedHosts ?? []).map((name) => name.toLowerCase()),
  ]);
  origins = new Set([
    ...names.map((name) => `http://${name}:${port}`),
    ...(options.allowedOrigins ?? []).map((name) => name.toLowerCase()),
  ]);
  const shown = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${port}${path}`,
    sessions: () => sessions.size,
    close: () => {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
        await Promise.all([...sessions.keys()].map((id) => closeSession(id, 'server stopped')));
      })();
      return closing;
    },
  };
}
