import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import { openHostSession } from '../session/open-host-session.js';

interface OtlpSpan {
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly attributes: readonly { key: string; value: Record<string, unknown> }[];
}

/** A loopback OTLP/HTTP receiver: keeps every JSON export's raw body and its spans. */
async function startReceiver(): Promise<{
  url: string;
  bodies: string[];
  spans: OtlpSpan[];
  server: Server;
}> {
  const bodies: string[] = [];
  const spans: OtlpSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      const parsed = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of parsed.resourceSpans)
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, bodies, spans, server };
}

const attributesOf = (span: OtlpSpan) =>
  Object.fromEntries(span.attributes.map(({ key, value }) => [key, Object.values(value)[0]]));

let directory: string;
let root: string;
let model: FakeModelServer;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-otel-')));
  root = join(directory, 'repo');
  await mkdir(root);
  await writeFile(join(root, 'notes.txt'), 'one\n');
  model = await startFakeModelServer();
});
afterEach(async () => {
  await model.close();
  await rm(directory, { recursive: true, force: true });
});

describe('OpenTelemetry traces', () => {
  it('send a span per turn and per call, with who decided and no argument values; TRACEPARENT reaches bash', async () => {
    const receiver = await startReceiver();
    try {
      const configFile = join(directory, 'toolgate.config.json');
      await writeFile(configFile, JSON.stringify({ permissions: { deny: ['write_file(secret.txt)'] } }));
      const env = {
        XDG_CONFIG_HOME: join(directory, 'config-home'),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      };
      const settings = await resolveSessionSettings({
        root,
        env,
        configFile,
        systemManagedFile: join(directory, 'no-managed.json'),
        notice: () => {},
      });
      expect(settings.telemetry).toEqual({
        endpoint: `${receiver.url}/v1/traces`,
        headers: {},
        source: 'OTEL_EXPORTER_OTLP_ENDPOINT',
      });
      model.reply(
        { toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'notes.txt' } }] },
        {
          toolCalls: [
            {
              id: 'b1',
              name: 'bash',
              arguments: { action: 'exec', command: 'echo "$TRACEPARENT" > tp.txt # ARG-VALUE-1' },
            },
          ],
        },
        {
          toolCalls: [
            { id: 'w1', name: 'write_file', arguments: { path: 'secret.txt', content: 'ARG-VALUE-2' } },
          ],
        },
        { text: 'done' },
      );
      const session = await openHostSession(settings, {
        answeredBy: 'test',
        env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: model.baseURL },
        notice: () => {},
        mode: () => 'auto',
        purpose: { kind: 'agent' },
      });
      const result = await session.prompt('go').result;
      await session.close();
      expect(result.stopReason).toBe('blocked_by_policy');
      const turn = receiver.spans.filter((span) => span.name === 'toolgate.turn');
      const tools = receiver.spans.filter((span) => span.name === 'toolgate.tool');
      expect(turn).toHaveLength(1);
      expect(attributesOf(turn[0]!)).toMatchObject({ 'toolgate.stop_reason': 'blocked_by_policy' });
      expect(tools.map((span) => attributesOf(span)['toolgate.tool.call_id'])).toEqual(['r1', 'b1', 'w1']);
      for (const span of tools) {
        expect(span.parentSpanId).toBe(turn[0]!.spanId);
        expect(span.traceId).toBe(turn[0]!.traceId);
      }
      const [read, bash, write] = tools.map(attributesOf);
      expect(read).toMatchObject({
        'toolgate.tool.name': 'read_file',
        'toolgate.decision.by': 'mode',
        'toolgate.decision.mode': 'auto',
        'toolgate.status': 'success',
        'toolgate.tool.arguments_digest': expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      });
      expect(bash).toMatchObject({ 'toolgate.tool.name': 'bash', 'toolgate.status': 'success' });
      expect(write).toMatchObject({
        'toolgate.decision.by': 'rule',
        'toolgate.decision.rule': 'write_file(secret.txt)',
        'toolgate.decision.rule_source': configFile,
        'toolgate.decision.managed': false,
        'toolgate.status': 'rejected',
      });
      const traceparent = (await readFile(join(root, 'tp.txt'), 'utf8')).trim();
      expect(traceparent).toBe(`00-${tools[1]!.traceId}-${tools[1]!.spanId}-01`);
      const sent = receiver.bodies.join('\n');
      for (const value of ['ARG-VALUE-1', 'ARG-VALUE-2', 'notes.txt', 'secret.txt"'])
        expect(sent).not.toContain(value);
    } finally {
      receiver.server.close();
    }
  });

  it('takes traces from the user’s config or the managed settings, never a workspace’s', async () => {
    const userFile = join(directory, 'user.json');
    await writeFile(
      userFile,
      JSON.stringify({ telemetry: { otlpEndpoint: 'http://127.0.0.1:9/v1/traces' } }),
    );
    await writeFile(
      join(root, 'toolgate.config.json'),
      JSON.stringify({ telemetry: { otlpEndpoint: 'http://x/' } }),
    );
    const resolve = (systemManagedFile: string) =>
      resolveSessionSettings({ root, userFile, env: {}, systemManagedFile, notice: () => {} });
    await expect(resolve(join(directory, 'none.json'))).rejects.toThrow(/telemetry/);
    await rm(join(root, 'toolgate.config.json'));
    expect((await resolve(join(directory, 'none.json'))).telemetry).toEqual({
      endpoint: 'http://127.0.0.1:9/v1/traces',
      headers: {},
      source: userFile,
    });
    const managed = join(directory, 'managed.json');
    await writeFile(
      managed,
      JSON.stringify({
        telemetry: { otlpEndpoint: 'http://127.0.0.1:10/v1/traces', headers: { 'x-team': 'a' } },
      }),
    );
    expect((await resolve(managed)).telemetry).toEqual({
      endpoint: 'http://127.0.0.1:10/v1/traces',
      headers: { 'x-team': 'a' },
      source: `managed settings ${managed}`,
    });
  });
});
