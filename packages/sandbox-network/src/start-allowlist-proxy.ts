import { lookup } from 'node:dns/promises';
import { rm } from 'node:fs/promises';
import { createConnection, createServer, isIP, type Server, type Socket } from 'node:net';
import { InvalidOptionsError } from '@toolgate/core';
import { isNonPublicAddress } from './address-class.js';
import { type NetworkAllowlist, parseNetworkAllowlist } from './network-allowlist.js';
import { readClientHello } from './tls-server-name.js';

/** `full`: any method; `read-only`: plain HTTP allows only GET and HEAD (a CONNECT tunnel is opaque and allowed). */
export const NETWORK_MODES = ['full', 'read-only'] as const;
export type NetworkMode = (typeof NETWORK_MODES)[number];

/** One connection the proxy refused. */
export interface NetworkRefusal {
  /** `CONNECT`, or the plain HTTP method. */
  readonly method: string;
  readonly host: string;
  readonly port: number;
  /** Why, in a sentence. */
  readonly reason: string;
  /** The line the command sees on stderr: `toolgate: network: refused CONNECT host:443: reason`. */
  readonly message: string;
}

/** Options for {@link startAllowlistProxy}. */
export interface AllowlistProxyOptions {
  /** Host names, `*.domain` and IP addresses let out (see `parseNetworkAllowlist`). */
  readonly allow: readonly string[];
  /** @default 'full' */
  readonly mode?: NetworkMode;
  /** Where the proxy listens: a unix socket path (made now, removed at close), or a loopback TCP port (0: any). */
  readonly listen: { readonly socketPath: string } | { readonly port: number };
  /** Resolves a host name to its addresses. @default the system resolver (`dns.lookup`, all addresses) */
  readonly resolve?: (host: string) => Promise<readonly string[]>;
  /** Hears every refused connection (an audit log line, the command's stderr). */
  readonly onRefusal?: (refusal: NetworkRefusal) => void;
  /** How long a client may take to send its request head or its TLS hello. @default 30000 */
  readonly handshakeTimeoutMs?: number;
}

/** A running proxy. */
export interface AllowlistProxy {
  /** `{ socketPath }` or `{ port }`: where it listens. */
  readonly address: { readonly socketPath: string } | { readonly port: number };
  readonly allowlist: NetworkAllowlist;
  readonly mode: NetworkMode;
  /** Stops listening and cuts every connection. Idempotent. */
  close(): Promise<void>;
}

const MAX_HEAD_BYTES = 65_536;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
  'host',
]);

interface RequestHead {
  readonly method: string;
  readonly target: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Bytes after the head (the start of a body, or of a TLS hello). */
  readonly rest: Buffer;
}

/** Reads one request head from `socket`; undefined when the client goes or sends something else. */
function readHead(socket: Socket, timeoutMs: number): Promise<RequestHead | undefined> {
  return new Promise((resolve) => {
    let buffered = Buffer.alloc(0);
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const finish = (head: RequestHead | undefined): void => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.pause();
      resolve(head);
    };
    const onEnd = (): void => finish(undefined);
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buffered.length > MAX_HEAD_BYTES) finish(undefined);
        return;
      }
      const lines = buffered.subarray(0, end).toString('latin1').split('\r\n');
      const [method, target, version] = (lines[0] ?? '').split(' ');
      if (!method || !target || !version?.startsWith('HTTP/1.')) {
        finish(undefined);
        return;
      }
      const headers = lines.slice(1).flatMap((line): Array<[string, string]> => {
        const colon = line.indexOf(':');
        return colon > 0 ? [[line.slice(0, colon).trim(), line.slice(colon + 1).trim()]] : [];
      });
      finish({ method: method.toUpperCase(), target, headers, rest: buffered.subarray(end + 4) });
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
  });
}

/** `host:port` of a CONNECT target (`[::1]:443` for IPv6); undefined when malformed. */
function parseAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(authority);
  if (!match) return undefined;
  const port = Number(match[3]);
  if (port < 1 || port > 65_535) return undefined;
  return { host: (match[1] ?? match[2]!).toLowerCase(), port };
}

function respond(socket: Socket, status: string, text: string): void {
  const body = `${text}\n`;
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\nX-Toolgate-Refused: 1\r\n\r\n${body}`,
  );
}

async function defaultResolve(host: string): Promise<readonly string[]> {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}

/**
 * Starts the network allowlist proxy a sandbox reaches the network through: HTTP CONNECT (a
 * tunnel, for HTTPS) and plain HTTP (absolute-form requests). It resolves names itself and
 * connects to the address it checked; it lets out a host only when the allowlist names it; it
 * refuses raw IP addresses, and names resolving to loopback, private or link-local addresses,
 * unless that address is listed; a tunnel must start with a TLS hello whose server name is the
 * CONNECT host; in `read-only` mode plain HTTP may only GET and HEAD. Each plain HTTP request
 * gets its own upstream connection (`Connection: close`), with the Host header set to the
 * checked host. Every refusal is answered `403` (or the tunnel closed) and reported to `onRefusal`.
 */
export async function startAllowlistProxy(options: AllowlistProxyOptions): Promise<AllowlistProxy> {
  const allowlist = parseNetworkAllowlist(options.allow);
  const mode = options.mode ?? 'full';
  if (!(NETWORK_MODES as readonly string[]).includes(mode)) {
    throw new InvalidOptionsError(
      `network mode must be one of ${NETWORK_MODES.join(', ')}; got ${String(mode)}`,
    );
  }
  const resolveHost = options.resolve ?? defaultResolve;
  const timeoutMs = options.handshakeTimeoutMs ?? 30_000;
  const sockets = new Set<Socket>();

  const refuse = (
    client: Socket,
    method: string,
    host: string,
    port: number,
    reason: string,
    status?: string,
  ) => {
    const message = `toolgate: network: refused ${method} ${host}:${port}: ${reason}`;
    options.onRefusal?.({ method, host, port, reason, message });
    if (status) respond(client, status, message);
    else client.destroy();
  };

  /** The address to connect to, or why not. */
  const decide = async (host: string): Promise<{ address: string } | { refused: string; status: string }> => {
    if (isIP(host)) {
      return allowlist.listsAddress(host)
        ? { address: host }
        : {
            refused: `the raw IP address ${host} is not in the allowlist (name the host instead)`,
            status: '403 Forbidden',
          };
    }
    if (!allowlist.allowsName(host)) {
      return {
        refused: `${host} is not in the network allowlist (${allowlist.entries.join(', ') || 'empty'})`,
        status: '403 Forbidden',
      };
    }
    let addresses: readonly string[];
    try {
      addresses = await resolveHost(host);
    } catch (error) {
      return {
        refused: `${host} could not be resolved: ${(error as Error).message}`,
        status: '502 Bad Gateway',
      };
    }
    const address = addresses[0];
    if (address === undefined) return { refused: `${host} has no address`, status: '502 Bad Gateway' };
    if (isNonPublicAddress(address) && !allowlist.listsAddress(address)) {
      return {
        refused: `${host} resolves to ${address}, a loopback, private or link-local address, which is not in the allowlist`,
        status: '403 Forbidden',
      };
    }
    return { address };
  };

  const connectUpstream = (address: string, port: number): Promise<Socket | Error> =>
    new Promise((resolve) => {
      const upstream = createConnection({ host: address, port });
      sockets.add(upstream);
      upstream.once('close', () => sockets.delete(upstream));
      upstream.once('connect', () => resolve(upstream));
      upstream.once('error', (error) => resolve(error));
    });

  const pipeBoth = (client: Socket, upstream: Socket, clientToUpstream: boolean): void => {
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.pipe(client);
    if (clientToUpstream) client.pipe(upstream);
    client.resume();
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.end());
  };

  const tunnel = async (client: Socket, head: RequestHead): Promise<void> => {
    const authority = parseAuthority(head.target);
    if (!authority) {
      refuse(client, 'CONNECT', head.target, 0, 'the CONNECT target is not host:port', '400 Bad Request');
      return;
    }
    const { host, port } = authority;
    const decided = await decide(host);
    if ('refused' in decided) {
      refuse(client, 'CONNECT', host, port, decided.refused, decided.status);
      return;
    }
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    // The tunnel must carry TLS to the host it named: read the hello before connecting on.
    let hello = head.rest;
    const reading = await new Promise<ReturnType<typeof readClientHello>>((resolve) => {
      const check = (): boolean => {
        const read = readClientHello(hello);
        if (read.kind === 'incomplete') return false;
        cleanup();
        resolve(read);
        return true;
      };
      const onData = (chunk: Buffer): void => {
        hello = Buffer.concat([hello, chunk]);
        check();
      };
      const timer = setTimeout(() => {
        cleanup();
        resolve({ kind: 'not-tls' });
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        client.off('data', onData);
        client.pause();
      };
      if (!check()) {
        client.on('data', onData);
        client.resume();
      }
    });
    if (reading.kind !== 'tls') {
      refuse(client, 'CONNECT', host, port, 'the tunnel did not start with a TLS hello');
      return;
    }
    const serverName = reading.serverName?.toLowerCase().replace(/\.$/, '');
    if (serverName === undefined ? !isIP(host) : serverName !== host) {
      refuse(
        client,
        'CONNECT',
        host,
        port,
        `the TLS server name ${serverName === undefined ? '(none)' : JSON.stringify(serverName)} is not the CONNECT host`,
      );
      return;
    }
    const upstream = await connectUpstream(decided.address, port);
    if (upstream instanceof Error) {
      client.destroy();
      return;
    }
    upstream.write(hello);
    pipeBoth(client, upstream, true);
  };

  const forward = async (client: Socket, head: RequestHead): Promise<void> => {
    let url: URL;
    try {
      url = new URL(head.target);
    } catch {
      refuse(
        client,
        head.method,
        head.target,
        0,
        'the request is not in absolute form (http://host/path); use this as an HTTP proxy',
        '400 Bad Request',
      );
      return;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const port = url.port === '' ? 80 : Number(url.port);
    if (url.protocol !== 'http:') {
      refuse(
        client,
        head.method,
        host,
        port,
        `${url.protocol}// through a plain request; use CONNECT`,
        '400 Bad Request',
      );
      return;
    }
    if (mode === 'read-only' && head.method !== 'GET' && head.method !== 'HEAD') {
      refuse(
        client,
        head.method,
        host,
        port,
        `the network is read-only: only GET and HEAD are allowed`,
        '403 Forbidden',
      );
      return;
    }
    const decided = await decide(host);
    if ('refused' in decided) {
      refuse(client, head.method, host, port, decided.refused, decided.status);
      return;
    }
    const upstream = await connectUpstream(decided.address, port);
    if (upstream instanceof Error) {
      respond(
        client,
        '502 Bad Gateway',
        `toolgate: network: ${host}:${port} did not answer: ${upstream.message}`,
      );
      return;
    }
    const headers = head.headers
      .filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    upstream.write(
      `${head.method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n${headers}Connection: close\r\n\r\n`,
    );
    if (head.rest.length > 0 && mode === 'full') upstream.write(head.rest);
    // Read-only: nothing more from the client goes upstream (no body, no second request).
    pipeBoth(client, upstream, mode === 'full');
  };

  const server: Server = createServer({ allowHalfOpen: false }, (client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => {});
    void readHead(client, timeoutMs).then(async (head) => {
      if (!head) {
        client.destroy();
        return;
      }
      try {
        if (head.method === 'CONNECT') await tunnel(client, head);
        else await forward(client, head);
      } catch {
        client.destroy();
      }
    });
  });

  const listen = options.listen;
  if ('socketPath' in listen) await rm(listen.socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if ('socketPath' in listen) server.listen(listen.socketPath, resolve);
    else server.listen(listen.port, '127.0.0.1', resolve);
  });
  const bound = server.address();
  const address =
    'socketPath' in listen
      ? { socketPath: listen.socketPath }
      : { port: typeof bound === 'object' && bound ? bound.port : listen.port };
  let closing: Promise<void> | undefined;
  return {
    address,
    allowlist,
    mode,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }).then(async () => {
        if ('socketPath' in listen) await rm(listen.socketPath, { force: true });
      });
      return closing;
    },
  };
}
