import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP listener that receives one OAuth redirect. */
export interface LoopbackRedirect {
  /** The redirect URI to register and send (`http://127.0.0.1:<port>/callback`). */
  readonly url: string;
  /** Resolves to the code of the redirect whose `state` is `state`; rejects on an error redirect or abort. */
  code(state: string, signal: AbortSignal): Promise<string>;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const PAGE = (text: string) =>
  `<!doctype html><meta charset="utf-8"><title>toolgate</title><p>${text.replace(/[<>&"]/g, '')}</p>`;

/**
 * Listens on 127.0.0.1, on `preferredPort` when it is free (so a client registered with that
 * redirect URI is reused), else on any free port.
 */
export async function openLoopbackRedirect(preferredPort: number): Promise<LoopbackRedirect> {
  let expected: string | undefined;
  let settle: { resolve: (code: string) => void; reject: (error: Error) => void } | undefined;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback' || expected === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' }).end(PAGE('Not found.'));
      return;
    }
    if (url.searchParams.get('state') !== expected) {
      response
        .writeHead(400, { 'content-type': 'text/html' })
        .end(PAGE('This login does not match the one toolgate started.'));
      return;
    }
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error !== null || code === null) {
      const description = url.searchParams.get('error_description') ?? error ?? 'no code';
      response.writeHead(400, { 'content-type': 'text/html' }).end(PAGE(`Login failed: ${description}`));
      settle?.reject(new Error(`the authorization server refused the login: ${description.slice(0, 200)}`));
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(PAGE('Logged in. You can close this window.'));
    settle?.resolve(code);
  });
  let port: number;
  try {
    port = await listen(server, preferredPort);
  } catch {
    port = await listen(server, 0);
  }
  return {
    url: `http://127.0.0.1:${port}/callback`,
    code: (state, signal) =>
      new Promise<string>((resolve, reject) => {
        expected = state;
        settle = { resolve, reject };
        signal.addEventListener('abort', () => reject(new Error('the login was cancelled')), { once: true });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
