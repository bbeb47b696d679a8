import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import { describeEngine, type EngineAddress } from './engine-address.js';

/** The Engine API version spoken: Docker 20.10 and later, and Podman's compatible service. */
export const ENGINE_API_VERSION = '1.41';

/** A call the engine answered with an error status (or did not answer). */
export class EngineError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the engine could not be reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** A small Docker Engine API client: JSON calls, and the hijacked stream of an exec. */
export interface EngineClient {
  readonly address: EngineAddress;
  /** Calls the API; resolves with the parsed JSON body (undefined when empty). Rejects with {@link EngineError}. */
  call<T = unknown>(method: string, path: string, body?: unknown, timeoutMs?: number): Promise<T>;
  /** POSTs `body` to `path` asking for the connection (`Upgrade: tcp`); resolves with the raw stream. */
  hijack(path: string, body: unknown): Promise<Duplex>;
}

const DEFAULT_CALL_TIMEOUT_MS = 60_000;

function engineMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {}
  return text.trim();
}

/** Creates a client for the engine at `address`; nothing is contacted until the first call. */
export function createEngineClient(address: EngineAddress): EngineClient {
  const where = describeEngine(address);
  const open = (method: string, path: string, headers: Record<string, string>): ClientRequest => {
    const common = { method, path: `/v${ENGINE_API_VERSION}${path}`, headers };
    if (address.kind === 'unix') return httpRequest({ ...common, socketPath: address.socketPath });
    if (!address.tls) return httpRequest({ ...common, host: address.host, port: address.port });
    return httpsRequest({
      ...common,
      host: address.host,
      port: address.port,
      ca: address.tls.ca,
      cert: address.tls.cert,
      key: address.tls.key,
    });
  };
  const unreachable = (error: Error): EngineError =>
    new EngineError(`the container engine at ${where} did not answer: ${error.message}`, 0);

  return {
    address,
    call<T>(method: string, path: string, body?: unknown, timeoutMs = DEFAULT_CALL_TIMEOUT_MS) {
      return new Promise<T>((resolve, reject) => {
        const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
        const req = open(method, path, payload ? { 'Content-Type': 'application/json' } : {});
        req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
        req.on('error', (error) => reject(unreachable(error)));
        req.on('response', (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => reject(unreachable(error)));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status >= 400) {
              reject(new EngineError(`${method} ${path}: ${status} ${engineMessage(text)}`, status));
              return;
            }
            if (text.trim() === '') {
              resolve(undefined as T);
              return;
            }
            try {
              resolve(JSON.parse(text) as T);
            } catch {
              reject(new EngineError(`${method} ${path}: the engine's answer is not JSON`, status));
            }
          });
        });
        req.end(payload);
      });
    },
    hijack(path, body) {
      return new Promise<Duplex>((resolve, reject) => {
        const payload = Buffer.from(JSON.stringify(body));
        const req = open('POST', path, {
          'Content-Type': 'application/json',
          Connection: 'Upgrade',
          Upgrade: 'tcp',
        });
        req.on('error', (error) => reject(unreachable(error)));
        req.on('upgrade', (_res, socket, head) => {
          if (head.length > 0) socket.unshift(head);
          resolve(socket);
        });
        req.on('response', (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            reject(
              new EngineError(
                `POST ${path}: ${res.statusCode} ${engineMessage(Buffer.concat(chunks).toString('utf8'))}`,
                res.statusCode ?? 0,
              ),
            ),
          );
        });
        req.end(payload);
      });
    },
  };
}
