import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NetworkRefusal } from '@toolgate/sandbox-network';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BwrapSandbox } from './open-bwrap-sandbox.js';
import {
  type BwrapFixture,
  bwrapUnavailableReason,
  createBwrapFixture,
  openFixtureSandbox,
  runInSandbox,
} from './test-support/bwrap-test-kit.js';

const unavailable = await bwrapUnavailableReason();
if (unavailable) console.warn(`bubblewrap network allowlist tests skipped: ${unavailable}`);

describe.skipIf(unavailable !== undefined)('a bubblewrap sandbox with a network allowlist', () => {
  let fixture: BwrapFixture;
  let sandbox: BwrapSandbox;
  let server: Server;
  let port: number;
  const refusals: NetworkRefusal[] = [];
  const seen: string[] = [];
  const env = { PATH: '/usr/bin:/bin' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.headers.host} ${req.url}`);
      res.end(`hello from ${req.headers.host}\n`);
    });
    port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
    fixture = await createBwrapFixture();
    sandbox = await openFixtureSandbox(fixture, {
      networkAllowlist: {
        allow: ['registry.test', '127.0.0.1'],
        // Test host names, mapped by the proxy's resolver to the loopback server.
        resolve: async (host) => (host.endsWith('.test') ? ['127.0.0.1'] : []),
        onRefusal: (refusal) => refusals.push(refusal),
      },
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await fixture?.dispose();
    server?.close();
  });

  it('reaches a listed host through the proxy, named by HTTP_PROXY inside', async () => {
    const run = await runInSandbox(
      sandbox,
      `echo "$HTTP_PROXY"; curl -sS http://registry.test:${port}/pkg`,
      fixture.workspace,
      env,
    );
    expect(run).toMatchObject({
      code: 0,
      stdout: `http://127.0.0.1:3128\nhello from registry.test:${port}\n`,
    });
  });

  it('refuses an unlisted host, once, saying why', async () => {
    const before = refusals.length;
    const run = await runInSandbox(sandbox, `curl -sS http://evil.test:${port}/`, fixture.workspace, env);
    expect(run.stdout).toMatch(
      /toolgate: network: refused GET evil\.test:\d+: evil\.test is not in the network allowlist/,
    );
    expect(refusals.slice(before).map((refusal) => refusal.host)).toEqual(['evil.test']);
  });

  it('has no route but the proxy: not the host loopback, not the internet, no unix socket', async () => {
    const run = await runInSandbox(
      sandbox,
      `curl -sS --noproxy '*' --max-time 5 http://127.0.0.1:${port}/ 2>&1; (exec 3<>/dev/tcp/203.0.113.7/80) 2>&1 | head -1; ls /sys/class/net`,
      fixture.workspace,
      env,
    );
    expect(run.stdout).toMatch(/Couldn't connect|Connection refused/);
    expect(run.stdout).toMatch(/unreachable/i);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('lo');
    expect(seen.filter((line) => line.startsWith('GET 127.0.0.1'))).toEqual([]);
  });

  it('stops letting anything out once closed', async () => {
    const other = await openFixtureSandbox(fixture, {
      networkAllowlist: { allow: ['registry.test', '127.0.0.1'], resolve: async () => ['127.0.0.1'] },
    });
    await other.close();
    const run = await runInSandbox(
      other,
      `curl -sS --max-time 5 http://registry.test:${port}/late 2>&1`,
      fixture.workspace,
      env,
    );
    expect(run.code).not.toBe(0);
    expect(seen).not.toContain(`GET registry.test:${port} /late`);
  });
});
