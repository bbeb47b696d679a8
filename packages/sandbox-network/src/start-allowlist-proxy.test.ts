import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect as connectSocket, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AllowlistProxy, type NetworkRefusal, startAllowlistProxy } from './start-allowlist-proxy.js';
import { type LoopbackServers, startLoopbackServers } from './test-support/loopback-servers.js';

// Test host names, resolved by the proxy's own resolver to the loopback servers: nothing leaves the machine.
const HOSTS: Record<string, string> = {
  'registry.test': '127.0.0.1',
  'api.example.test': '127.0.0.1',
  'evil.test': '127.0.0.1',
  'public.test': '203.0.113.7',
};

let servers: LoopbackServers;
let directory: string;
let proxy: AllowlistProxy | undefined;
let refusals: NetworkRefusal[];
beforeAll(async () => {
  servers = await startLoopbackServers();
  directory = await mkdtemp(join(tmpdir(), 'toolgate-proxy-'));
});
afterAll(async () => {
  await servers.close();
  await rm(directory, { recursive: true, force: true });
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

async function open(allow: string[], mode: 'full' | 'read-only' = 'full'): Promise<string> {
  refusals = [];
  const socketPath = join(directory, 'proxy.sock');
  proxy = await startAllowlistProxy({
    allow,
    mode,
    listen: { socketPath },
    resolve: async (host) => {
      const address = HOSTS[host];
      if (!address) throw new Error(`unknown test host ${host}`);
      return [address];
    },
    onRefusal: (refusal) => refusals.push(refusal),
  });
  return socketPath;
}

/** A plain HTTP request through the proxy: status and body. */
function plain(socketPath: string, method: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path: url, headers: { host: new URL(url).host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** CONNECT through the proxy, then TLS with `servername`: the answer line, and the HTTPS body if the tunnel held. */
function tunnel(
  socketPath: string,
  authority: string,
  servername: string | undefined,
): Promise<{ answer: string; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const raw: Socket = connectSocket(socketPath);
    raw.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      raw.off('data', onData);
      const answer = head.split('\r\n')[0]!;
      if (!answer.includes(' 200 ')) {
        resolve({ answer, body: head.slice(head.indexOf('\r\n\r\n') + 4) });
        raw.destroy();
        return;
      }
      const secure = connectTls({
        socket: raw,
        rejectUnauthorized: false,
        ...(servername ? { servername } : {}),
      });
      let body = '';
      secure.on('secureConnect', () =>
        secure.write(`GET /tunnelled HTTP/1.1\r\nHost: ${authority}\r\nConnection: close\r\n\r\n`),
      );
      secure.on('data', (data: Buffer) => (body += data.toString('utf8')));
      secure.on('end', () => resolve({ answer, body }));
      secure.on('error', (error) => resolve({ answer, error: error.message }));
      secure.on('close', () => resolve({ answer, body }));
    };
    raw.on('data', onData);
    raw.on('error', (error) => resolve({ answer: '', error: error.message }));
  });
}

describe('the network allowlist proxy', () => {
  it('forwards plain HTTP to a listed host, with the Host header it checked', async () => {
    const socketPath = await open(['registry.test', '127.0.0.1']);
    const answer = await plain(socketPath, 'GET', `http://registry.test:${servers.httpPort}/pkg?x=1`);
    expect(answer).toEqual({ status: 200, body: `GET registry.test:${servers.httpPort} /pkg?x=1\n` });
    expect(refusals).toEqual([]);
  });

  it('refuses a host not in the list, with a 403 that says why, and one refusal', async () => {
    const socketPath = await open(['registry.test', '127.0.0.1']);
    const answer = await plain(socketPath, 'GET', `http://evil.test:${servers.httpPort}/`);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(
      /^toolgate: network: refused GET evil\.test:\d+: evil\.test is not in the network allowlist/,
    );
    expect(refusals.map((refusal) => [refusal.method, refusal.host])).toEqual([['GET', 'evil.test']]);
  });

  it('matches *.domain on subdomains only', async () => {
    const socketPath = await open(['*.example.test', '127.0.0.1']);
    expect((await plain(socketPath, 'GET', `http://api.example.test:${servers.httpPort}/`)).status).toBe(200);
    expect((await plain(socketPath, 'GET', `http://example.test:${servers.httpPort}/`)).status).toBe(403);
  });

  it('refuses raw IP addresses and names resolving to loopback unless the address is listed', async () => {
    const socketPath = await open(['registry.test']);
    const raw = await plain(socketPath, 'GET', `http://127.0.0.1:${servers.httpPort}/`);
    const named = await plain(socketPath, 'GET', `http://registry.test:${servers.httpPort}/`);
    expect([raw.status, named.status]).toEqual([403, 403]);
    expect(refusals.map((refusal) => refusal.reason)).toEqual([
      'the raw IP address 127.0.0.1 is not in the allowlist (name the host instead)',
      'registry.test resolves to 127.0.0.1, a loopback, private or link-local address, which is not in the allowlist',
    ]);
    expect(servers.requests.filter((line) => line.startsWith('GET 127.0.0.1'))).toEqual([]);
  });

  it('in read-only mode lets GET and HEAD out and refuses POST before connecting', async () => {
    const socketPath = await open(['registry.test', '127.0.0.1'], 'read-only');
    const before = servers.requests.length;
    expect((await plain(socketPath, 'HEAD', `http://registry.test:${servers.httpPort}/h`)).status).toBe(200);
    const posted = await plain(socketPath, 'POST', `http://registry.test:${servers.httpPort}/p`);
    expect(posted.status).toBe(403);
    expect(posted.body).toMatch(/read-only: only GET and HEAD/);
    expect(servers.requests.slice(before)).toEqual([`HEAD registry.test:${servers.httpPort} /h`]);
  });

  it('tunnels TLS whose server name is the CONNECT host', async () => {
    const socketPath = await open(['registry.test', '127.0.0.1']);
    const result = await tunnel(socketPath, `registry.test:${servers.httpsPort}`, 'registry.test');
    expect(result.answer).toBe('HTTP/1.1 200 Connection Established');
    expect(result.body).toMatch(/GET registry\.test:\d+ \/tunnelled/);
    expect(refusals).toEqual([]);
  });

  it('cuts a tunnel whose TLS server name is another host, before connecting on', async () => {
    const socketPath = await open(['registry.test', '127.0.0.1']);
    const before = servers.requests.length;
    const result = await tunnel(socketPath, `registry.test:${servers.httpsPort}`, 'evil.test');
    expect(result.body ?? '').not.toMatch(/tunnelled/);
    expect(refusals.map((refusal) => refusal.reason)).toEqual([
      'the TLS server name "evil.test" is not the CONNECT host',
    ]);
    expect(servers.requests.length).toBe(before);
  });

  it('refuses CONNECT to an unlisted host with a 403', async () => {
    const socketPath = await open(['registry.test', '127.0.0.1']);
    const result = await tunnel(socketPath, `evil.test:${servers.httpsPort}`, 'evil.test');
    expect(result.answer).toBe('HTTP/1.1 403 Forbidden');
    expect(refusals).toHaveLength(1);
  });

  it('refuses a tunnel that does not speak TLS', async () => {
    const socketPath = await open(['registry.test', '127.0.0.1']);
    const answer = await new Promise<string>((resolve) => {
      const raw = connectSocket(socketPath);
      let text = '';
      raw.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) raw.write(`GET / HTTP/1.1\r\nHost: registry.test\r\n\r\n`);
      });
      raw.on('close', () => resolve(text));
      raw.write(`CONNECT registry.test:${servers.httpPort} HTTP/1.1\r\n\r\n`);
    });
    expect(answer).toBe('HTTP/1.1 200 Connection Established\r\n\r\n');
    expect(refusals.map((refusal) => refusal.reason)).toEqual(['the tunnel did not start with a TLS hello']);
  });

  it('rejects allowlist entries that are not hosts', async () => {
    await expect(open(['https://registry.test'])).rejects.toThrow(/not a host name/);
    await expect(open(['*'])).rejects.toThrow(/not a host name/);
    await expect(open(['registry.test:443'])).rejects.toThrow(/not a host name/);
  });
});
