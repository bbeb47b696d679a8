import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, createTempWorkspace, SKIP_REASON, waitForText } from './test-support/run-toolgate.js';

const { scenarios } = JSON.parse(
  readFileSync(
    resolve(import.meta.dirname, '../../../../packages/mcp/conformance/server-scenarios.json'),
    'utf8',
  ),
) as { scenarios: string[] };
// The suite and its runner belong to packages/mcp (the only package that may use the MCP SDK's
// world); the CLI's test borrows them, as its other MCP tests borrow the SDK.
const runner = (await import(
  pathToFileURL(resolve(import.meta.dirname, '../../../../packages/mcp/src/test-support/run-conformance.ts'))
    .href
)) as {
  BASELINE: string;
  runConformance(
    args: readonly string[],
    scenario: string,
  ): Promise<{ exitCode: number; output: string; counts: Readonly<Record<string, number>> }>;
};
const expectedFailures = readFileSync(runner.BASELINE, 'utf8');
const TOKEN = 'conformance-token-0123456789abcdef0123456789';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let proxy: Server;
let child: ChildProcess;
let proxyPort = 0;
let stderr = '';

// The suite cannot send a bearer token, so it talks to a reverse proxy on loopback that adds one,
// as a deployment behind a proxy would: toolgate is told the proxy's Host and Origin names.
beforeAll(async () => {
  if (SKIP_REASON) return;
  workspace = await createTempWorkspace();
  let target = 0;
  proxy = createServer((incoming, outgoing) => {
    const upstream = forward(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, authorization: `Bearer ${TOKEN}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  proxyPort = (proxy.address() as AddressInfo).port;
  const names = [`127.0.0.1:${proxyPort}`, `localhost:${proxyPort}`];
  child = spawn(process.execPath, [BIN, 'mcp', '--http', '127.0.0.1:0', '--cwd', workspace.root], {
    env: cleanEnv({
      TOOLGATE_MCP_TOKEN: TOKEN,
      TOOLGATE_MCP_ALLOWED_HOSTS: names.join(','),
      TOOLGATE_MCP_ALLOWED_ORIGINS: names.map((name) => `http://${name}`).join(','),
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await waitForText(() => stderr, /serving MCP over Streamable HTTP at http:\/\/127\.0\.0\.1:\d+\/mcp/);
  target = Number(/127\.0\.0\.1:(\d+)\/mcp/.exec(stderr)?.[1]);
}, 90_000);

afterAll(async () => {
  if (SKIP_REASON) return;
  if (child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  await new Promise((done) => proxy.close(done));
  await workspace.dispose();
});

// The official suite's server scenarios for a tool-only server against `toolgate mcp --http`:
// each passes, or fails as the checked-in baseline says.
describe.skipIf(SKIP_REASON).sequential('MCP conformance suite, server scenarios', () => {
  it.each(scenarios)('%s', { timeout: 150_000 }, async (scenario) => {
    const run = await runner.runConformance(
      ['server', '--url', `http://127.0.0.1:${proxyPort}/mcp`],
      scenario,
    );
    expect(run.exitCode, `${run.output}\n${stderr}`).toBe(0);
    if (!expectedFailures.includes(`- ${scenario}\n`)) {
      expect(run.counts.FAILURE ?? 0, run.output).toBe(0);
      expect(run.counts.SUCCESS ?? 0, run.output).toBeGreaterThan(0);
    }
  });
});
