import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import {
  type ClientContext,
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  RequestError,
} from '@agentclientprotocol/sdk';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const BIN = resolve(import.meta.dirname, '../../dist/bin.js');
const SKIP_REASON = existsSync(BIN)
  ? undefined
  : `skipped: ${BIN} is missing; run \`pnpm build\` first (CI builds before testing)`;

const LIMIT = 32 * 1024 * 1024;
const MB = 1024 * 1024;

let root: string;
let configHome: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-size-')));
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-acp-size-config-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(configHome, { recursive: true, force: true });
});

function spawnAgent() {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('TOOLGATE_')),
  );
  const child = spawn(process.execPath, [BIN], {
    env: {
      ...clean,
      XDG_CONFIG_HOME: configHome,
      XDG_STATE_HOME: join(configHome, 'state'),
      TOOLGATE_MODEL: 'openai-compatible:fake',
      TOOLGATE_BASE_URL: server.baseURL,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output = { stderr: '' };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  return { child, output, exited };
}

/** The JSON-RPC error a request got, as the SDK's client reports it. */
async function errorOf(pending: Promise<unknown>) {
  try {
    await pending;
  } catch (error) {
    if (error instanceof RequestError) return { code: error.code, message: error.message, data: error.data };
    throw error;
  }
  throw new Error('the request succeeded');
}

const tooLarge = (bytes: number) => ({
  code: -32600,
  message: `Invalid request: the message is ${bytes} bytes, over toolgate-acp's limit of 32 MiB (${LIMIT} bytes) for one message; it was not read.`,
  data: { bytes, maxMessageBytes: LIMIT },
});

/** The bytes of the line the SDK's client writes for this request. */
const lineBytes = (message: object) => Buffer.byteLength(JSON.stringify(message));

const promptOf = (text: string) => [{ type: 'text' as const, text }];

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate-acp and messages over its size limit ${SKIP_REASON ?? ''}`,
  { timeout: 120_000 },
  () => {
    it('answers a 40 MB session/prompt with a JSON-RPC error naming the limit, and goes on serving the session', async () => {
      server.reply({ text: 'read the 8 MB one' }, { text: 'still here' });
      const { child, output, exited } = spawnAgent();
      const stream = ndJsonStream(
        Writable.toWeb(child.stdin),
        Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
      );
      const huge = 'x'.repeat(40 * MB);
      const large = 'y'.repeat(8 * MB);
      const value = await client({ name: 'toolgate-acp-test' }).connectWith(
        stream,
        async (agent: ClientContext) => {
          await agent.request(methods.agent.initialize, { protocolVersion: PROTOCOL_VERSION });
          const { sessionId } = await agent.request(methods.agent.session.new, { cwd: root, mcpServers: [] });
          // The SDK's client numbers its requests from 0: initialize, session/new, then this one.
          const hugeRequest = {
            jsonrpc: '2.0',
            id: 2,
            method: 'session/prompt',
            params: { sessionId, prompt: promptOf(huge) },
          };
          const refused = await errorOf(
            agent.request(methods.agent.session.prompt, { sessionId, prompt: promptOf(huge) }),
          );
          const served = await agent.request(methods.agent.session.prompt, {
            sessionId,
            prompt: promptOf(large),
          });
          const after = await agent.request(methods.agent.session.prompt, {
            sessionId,
            prompt: promptOf('and now?'),
          });
          return { refused, hugeBytes: lineBytes(hugeRequest), served, after };
        },
      );
      child.stdin.end();
      expect(await exited).toBe(0);
      expect(value).toEqual({
        refused: tooLarge(value.hugeBytes),
        hugeBytes: value.hugeBytes,
        served: { stopReason: 'end_turn' },
        after: { stopReason: 'end_turn' },
      });
      expect(value.hugeBytes).toBeGreaterThan(LIMIT);
      expect(server.requests).toHaveLength(2);
      expect(JSON.stringify(server.requests[0]!.body)).toContain(large);
      expect(output.stderr).toContain(
        `toolgate-acp: a message of ${value.hugeBytes} bytes (request id 2) is over the 32 MiB limit; answered with an error\n`,
      );
    });

    it('answers oversized raw lines with the request id wherever it stands, else id null, and serves the next line', async () => {
      const { child, exited } = spawnAgent();
      const answers: unknown[] = [];
      let buffer = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
          answers.push(JSON.parse(buffer.slice(0, end)));
          buffer = buffer.slice(end + 1);
        }
      });
      const huge = 'z'.repeat(33 * MB);
      const lines = [
        // The id after the params, and a nested "id" the scan must not take for it.
        `{"jsonrpc":"2.0","method":"session/prompt","params":{"sessionId":"s","_meta":{"id":99},"prompt":[{"type":"text","text":"${huge}"}]},"id":"last"}`,
        // A string id that holds escaped quotes and braces.
        `{"id":"a\\"}b","jsonrpc":"2.0","method":"session/prompt","params":{"text":"${huge}"}}`,
        // Not JSON at all.
        huge,
        // A notification has no id to answer with.
        `{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"${huge}"}}`,
        // Two ids: which one the client meant cannot be told.
        `{"jsonrpc":"2.0","id":1,"id":2,"method":"session/prompt","params":{"t":"${huge}"}}`,
      ];
      for (const line of lines) child.stdin.write(`${line}\n`);
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'initialize', params: { protocolVersion: 1 } })}\n`,
      );
      child.stdin.on('error', () => {});
      await until(() => answers.length === lines.length + 1 || child.exitCode !== null);
      child.stdin.end();
      expect(await exited).toBe(0);
      const bytes = lines.map((line) => Buffer.byteLength(line));
      const error = (id: string | null, index: number) => ({
        jsonrpc: '2.0',
        id,
        error: tooLarge(bytes[index]!),
      });
      expect(answers.slice(0, lines.length)).toEqual([
        error('last', 0),
        error('a"}b', 1),
        error(null, 2),
        error(null, 3),
        error(null, 4),
      ]);
      expect(answers[lines.length]).toMatchObject({ jsonrpc: '2.0', id: 9, result: { protocolVersion: 1 } });
    });

    it('treats an answer to a permission request that is over the limit as a rejection: the tool does not run', async () => {
      await writeFile(join(root, 'notes.txt'), 'keep me\n');
      server.reply(
        { toolCalls: [{ name: 'bash', arguments: { action: 'exec', command: 'echo gone > notes.txt' } }] },
        { text: 'understood' },
      );
      const { child, output, exited } = spawnAgent();
      const stream = ndJsonStream(
        Writable.toWeb(child.stdin),
        Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
      );
      let asked = 0;
      const value = await client({ name: 'toolgate-acp-test' })
        .onRequest(methods.client.session.requestPermission, () => {
          asked += 1;
          return {
            outcome: { outcome: 'selected', optionId: 'allow_once' },
            _meta: { padding: 'p'.repeat(40 * MB) },
          };
        })
        .connectWith(stream, async (agent) => {
          await agent.request(methods.agent.initialize, { protocolVersion: PROTOCOL_VERSION });
          const { sessionId } = await agent.request(methods.agent.session.new, { cwd: root, mcpServers: [] });
          const first = await agent.request(methods.agent.session.prompt, {
            sessionId,
            prompt: promptOf('overwrite notes'),
          });
          const second = await agent.request(methods.agent.session.prompt, {
            sessionId,
            prompt: promptOf('again'),
          });
          return { first, second };
        });
      child.stdin.end();
      expect(await exited).toBe(0);
      expect(value).toEqual({ first: { stopReason: 'end_turn' }, second: { stopReason: 'end_turn' } });
      expect(asked).toBe(1);
      expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('keep me\n');
      expect(server.requests).toHaveLength(2);
      // The agent's first request to the client (id 0) is the permission request.
      expect(output.stderr).toMatch(
        /^toolgate-acp: an answer of \d+ bytes to request 0 is over the 32 MiB limit; taken as an error$/m,
      );
    });
  },
);

/** Polls until `check` holds (the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((done) => setTimeout(done, 20));
}
