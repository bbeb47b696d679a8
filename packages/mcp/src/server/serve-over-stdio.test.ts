import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForNode } from '../test-support/build-for-node.js';
import { waitFor } from '../test-support/fixture-paths.js';

const HOST = new URL('../test-support/fixtures/fixture-host.mjs', import.meta.url).pathname;

let build: string;
beforeAll(async () => {
  build = await buildForNode();
}, 120_000);
afterAll(async () => {
  await rm(build, { recursive: true, force: true });
});

async function spawnHost(mode: string, answers?: ElicitResult[]) {
  const stderr: string[] = [];
  const asked: unknown[] = [];
  const client = new Client(
    { name: 'sdk-client', version: '1.0.0' },
    { capabilities: answers ? { elicitation: { form: {} } } : {} },
  );
  if (answers) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return answers.shift() ?? { action: 'cancel' };
    });
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [HOST, build, mode],
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) =>
    stderr.push(...chunk.toString().split('\n').filter(Boolean)),
  );
  await client.connect(transport);
  return { client, stderr, asked };
}

describe('a surface served over stdio, driven by the SDK client', () => {
  it('lists the tools and approves a call through an elicitation round-trip', async () => {
    const { client, stderr, asked } = await spawnHost('safe', [
      { action: 'accept', content: { decision: 'allow_once' } },
    ]);
    try {
      expect((await client.listTools()).tools.map((tool) => [tool.name, tool.annotations])).toEqual([
        ['echo', { readOnlyHint: true }],
        ['save_note', { readOnlyHint: false, destructiveHint: true }],
      ]);
      expect(await client.callTool({ name: 'save_note', arguments: { title: 'plan' } })).toEqual({
        content: [{ type: 'text', text: '{"saved":"plan","count":1}' }],
        structuredContent: { saved: 'plan', count: 1 },
      });
      expect(asked).toEqual([
        {
          mode: 'form',
          message: 'Approval required for save_note\nSave note plan',
          requestedSchema: {
            type: 'object',
            properties: {
              decision: {
                type: 'string',
                title: 'Decision',
                oneOf: [
                  { const: 'allow_once', title: 'Allow once' },
                  { const: 'allow_always', title: 'Allow always (this session)' },
                  { const: 'reject_once', title: 'Reject' },
                  { const: 'reject_always', title: 'Reject always (this session)' },
                ],
                default: 'allow_once',
              },
            },
            required: ['decision'],
          },
        },
      ]);
      await waitFor(() => stderr.includes('host: saved plan'));
    } finally {
      await client.close();
    }
  });

  it('rejects a call the client declines, and the tool does not run', async () => {
    const { client, stderr } = await spawnHost('safe', [{ action: 'decline' }]);
    try {
      expect(await client.callTool({ name: 'save_note', arguments: { title: 'nope' } })).toEqual({
        content: [{ type: 'text', text: '[approval-rejected] The user declined: Save note nope' }],
        isError: true,
      });
      expect(await client.callTool({ name: 'echo', arguments: { text: 'still here' } })).toEqual({
        content: [{ type: 'text', text: 'still here' }],
      });
      expect(stderr).not.toContain('host: saved nope');
    } finally {
      await client.close();
    }
  });

  it('rejects a call whose elicitation answer is over the 10 MiB limit, and the tool does not run', async () => {
    const { client, stderr } = await spawnHost('safe', [
      { action: 'accept', content: { decision: 'allow_once' }, _meta: { padding: 'p'.repeat(11 << 20) } },
    ]);
    try {
      const result = await client.callTool({ name: 'save_note', arguments: { title: 'huge' } });
      expect(await client.callTool({ name: 'echo', arguments: { text: 'still here' } })).toEqual({
        content: [{ type: 'text', text: 'still here' }],
      });
      expect(result).toEqual({
        content: [
          {
            type: 'text',
            text: '[approval-rejected] Nobody approved this call, so it did not run: Save note huge',
          },
        ],
        isError: true,
      });
      expect(stderr.filter((line) => line.includes('taken as an error'))).toEqual([
        expect.stringMatching(
          /^host: An answer of \d+ bytes to request 0 is over the 10 MiB limit of one MCP message; taken as an error\.$/,
        ),
      ]);
      expect(stderr).not.toContain('host: saved huge');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('runs without asking in auto mode, for a client without elicitation', async () => {
    const { client } = await spawnHost('auto');
    try {
      expect(
        (await client.callTool({ name: 'save_note', arguments: { title: 'a' } })).structuredContent,
      ).toEqual({
        saved: 'a',
        count: 1,
      });
    } finally {
      await client.close();
    }
  });

  it('stops the host when the client closes its stdin', async () => {
    const { client, stderr } = await spawnHost('safe');
    await client.close();
    await waitFor(() => stderr.includes('host: client gone, stopping'));
  });

  it('answers a request over the 10 MiB message limit with a JSON-RPC error, logs it and keeps serving', async () => {
    const host = spawn(process.execPath, [HOST, build, 'auto'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stderr: string[] = [];
    host.stderr.on('data', (chunk: Buffer) => stderr.push(...chunk.toString().split('\n').filter(Boolean)));
    const answers: unknown[] = [];
    createInterface({ input: host.stdout }).on('line', (line) => answers.push(JSON.parse(line)));
    const send = (message: object) => host.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    try {
      send({
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      });
      send({ method: 'notifications/initialized' });
      await waitFor(() => answers.length === 1);
      const text = 'x'.repeat(11 * 1024 * 1024);
      // Encoders put the id last, as the SDK's do.
      send({ method: 'tools/call', params: { name: 'echo', arguments: { text } }, id: 2 });
      send({ method: 'tools/call', params: { name: 'echo', arguments: { text: 'after' } }, id: 3 });
      await waitFor(() => answers.length === 3, 20_000);
      const bytes = 11 * 1024 * 1024 + 95;
      expect(answers.slice(1)).toEqual([
        {
          jsonrpc: '2.0',
          id: 2,
          error: {
            code: -32600,
            message: `The request is ${bytes} bytes, over the 10 MiB limit of one MCP message; it was not read.`,
          },
        },
        { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'after' }] } },
      ]);
      expect(stderr).toContain(
        `host: The request is ${bytes} bytes, over the 10 MiB limit of one MCP message; it was not read. (request id 2)`,
      );
      expect(host.exitCode).toBe(null);
    } finally {
      host.stdin.end();
      await new Promise((resolve) => host.once('close', resolve));
    }
  }, 60_000);

  it('answers a 40 MB line, a line that is not JSON and a message that is not JSON-RPC with JSON-RPC errors, and keeps serving', async () => {
    const host = spawn(process.execPath, [HOST, build, 'auto'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const answers: unknown[] = [];
    createInterface({ input: host.stdout }).on('line', (line) => answers.push(JSON.parse(line)));
    host.stdin.on('error', () => {});
    const send = (message: object | string) =>
      host.stdin.write(
        `${typeof message === 'string' ? message : JSON.stringify({ jsonrpc: '2.0', ...message })}\n`,
      );
    try {
      send({
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      });
      send({ method: 'notifications/initialized' });
      await waitFor(() => answers.length === 1);
      const huge = {
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'x'.repeat(40 << 20) } },
        id: 2,
      };
      send(huge);
      // The id between the params and the method, where no encoder puts it, is still found.
      send(
        `{"params":{"name":"echo","arguments":{"text":"${'y'.repeat(11 << 20)}"}},"id":5,"method":"tools/call","jsonrpc":"2.0"}`,
      );
      send('this is not json');
      send({ id: 3, method: 42 });
      send('[1, 2]');
      send({ id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: 'after' } } });
      await waitFor(() => answers.length === 7 || host.exitCode !== null, 20_000);
      const bytes = Buffer.byteLength(JSON.stringify({ jsonrpc: '2.0', ...huge }));
      const middle = 11 * 1024 * 1024 + 95;
      expect(answers.slice(1)).toEqual([
        {
          jsonrpc: '2.0',
          id: 2,
          error: {
            code: -32600,
            message: `The request is ${bytes} bytes, over the 10 MiB limit of one MCP message; it was not read.`,
          },
        },
        {
          jsonrpc: '2.0',
          id: 5,
          error: {
            code: -32600,
            message: `The request is ${middle} bytes, over the 10 MiB limit of one MCP message; it was not read.`,
          },
        },
        { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON.' } },
        {
          jsonrpc: '2.0',
          id: 3,
          error: {
            code: -32600,
            message: 'Invalid request: the message is not a JSON-RPC request, notification or response.',
          },
        },
        {
          jsonrpc: '2.0',
          id: null,
          error: {
            code: -32600,
            message: 'Invalid request: the message is not a JSON-RPC request, notification or response.',
          },
        },
        { jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'after' }] } },
      ]);
      expect(host.exitCode).toBe(null);
    } finally {
      host.stdin.end();
      await new Promise((resolve) => host.once('close', resolve));
    }
  }, 60_000);
});
