import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NetworkRefusal } from '@toolgate/sandbox-network';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerSandbox } from './open-container-sandbox.js';
import {
  type ContainerFixture,
  createContainerFixture,
  findTestEngine,
  openFixtureContainer,
} from './test-support/container-test-kit.js';

const engine = await findTestEngine();
const skipped = !engine.ok
  ? engine.reason
  : process.getuid?.() !== 0
    ? 'entering a container network namespace needs root'
    : undefined;
if (skipped) console.warn(`container network tests skipped: ${skipped}`);

/** Runs a command to its end through the sandbox's streams. */
async function run(sandbox: ContainerSandbox, command: string) {
  const started = await sandbox.startProcess({ command, workingDirectory: '.', stdin: false, metadata: {} });
  let stdout = '';
  let stderr = '';
  started.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  started.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const end = await started.exited;
  return { exitCode: end.exitCode, stdout, stderr };
}

describe.skipIf(skipped !== undefined)('a container with a network allowlist', () => {
  const ready = engine as Extract<typeof engine, { ok: true }>;
  let fixture: ContainerFixture;
  let sandbox: ContainerSandbox;
  let server: Server;
  let port: number;
  const refusals: NetworkRefusal[] = [];
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.headers.host} ${req.url}`);
      res.end(`hello from ${req.headers.host}\n`);
    });
    port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
    fixture = await createContainerFixture();
    sandbox = await openFixtureContainer(ready, fixture, {
      network: {
        allow: ['registry.test', '127.0.0.1'],
        mode: 'read-only',
        // Test host names, mapped by the proxy's resolver to the loopback server: nothing leaves the machine.
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

  it('reaches a listed host through the proxy', async () => {
    const result = await run(sandbox, `curl -sS http://registry.test:${port}/pkg`);
    expect(result).toMatchObject({ exitCode: 0, stdout: `hello from registry.test:${port}\n` });
    expect(seen).toContain(`GET registry.test:${port} /pkg`);
  });

  it('refuses an unlisted host: one refusal, and a clear line on the command stderr', async () => {
    const before = refusals.length;
    const result = await run(sandbox, `curl -sS -o /dev/null https://evil.test:${port}/`);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(
      /toolgate: network: refused CONNECT evil\.test:\d+: evil\.test is not in the network allowlist/,
    );
    expect(refusals.slice(before).map((refusal) => refusal.host)).toEqual(['evil.test']);
  });

  it('refuses a write method in read-only mode', async () => {
    const result = await run(sandbox, `curl -sS -X POST -d x http://registry.test:${port}/upload`);
    expect(result.stdout).toMatch(/the network is read-only/);
    expect(seen.some((line) => line.startsWith('POST'))).toBe(false);
  });

  it('has no route but the proxy', async () => {
    const result = await run(
      sandbox,
      `curl -sS --noproxy '*' --max-time 5 http://127.0.0.1:${port}/ 2>&1; (exec 3<>/dev/tcp/203.0.113.7/80) 2>&1 | head -1`,
    );
    expect(result.stdout).toMatch(/Couldn't connect|Connection refused/);
    expect(result.stdout).toMatch(/unreachable/i);
    expect(seen.filter((line) => line.startsWith('GET 127.0.0.1'))).toEqual([]);
  });
});
