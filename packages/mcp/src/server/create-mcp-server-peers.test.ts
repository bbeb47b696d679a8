// biome-ignore-all lint/suspicious/noExplicitAny: a hand-written client reads JSON-RPC messages loosely
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import {
  type Approver,
  createApprovalMemory,
  createToolSurface,
  standardDecorators,
  type ToolSurface,
} from '@toolgate/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestTools } from '../test-support/test-tools.js';
import { createMcpServer, type ToolgateMcpServer } from './create-mcp-server.js';

const servers: ToolgateMcpServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

function serve(surface: Parameters<typeof createMcpServer>[0]['surface']) {
  const server = createMcpServer({ surface });
  servers.push(server);
  return server;
}

function safeSurface(events: string[] = []) {
  return (approver: Approver): ToolSurface =>
    createToolSurface({
      tools: createTestTools(events),
      decorators: standardDecorators({
        approval: { mode: 'safe', approver, memory: createApprovalMemory() },
      }),
    });
}

/** A client written by hand: it speaks the given protocol version and answers elicitations with `answer`. */
async function rawClient(
  server: ToolgateMcpServer,
  protocolVersion: string,
  answer: (params: any) => unknown,
) {
  const [mine, theirs] = InMemoryTransport.createLinkedPair();
  const replies = new Map<number, (message: any) => void>();
  const elicited: any[] = [];
  mine.onmessage = (message: any) => {
    if (message.method === 'elicitation/create') {
      elicited.push(message.params);
      void mine.send({ jsonrpc: '2.0', id: message.id, result: answer(message.params) } as JSONRPCMessage);
      return;
    }
    if ('id' in message) replies.get(message.id)?.(message);
  };
  await mine.start();
  await server.connect(theirs);
  let next = 0;
  const request = (method: string, params: unknown) =>
    new Promise<any>((resolve) => {
      next += 1;
      replies.set(next, resolve);
      void mine.send({ jsonrpc: '2.0', id: next, method, params } as JSONRPCMessage);
    });
  const init = await request('initialize', {
    protocolVersion,
    capabilities: { elicitation: {} },
    clientInfo: { name: 'hand-written', version: '1.0.0' },
  });
  await mine.send({ jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage);
  return { init, request, elicited };
}

describe('createMcpServer with peers’ clients', () => {
  it('drops the wait_for_previous a client adds, with a note, and still refuses genuinely unknown fields', async () => {
    const server = serve(createToolSurface({ tools: createTestTools([]) }));
    const client = new Client({ name: 'gemini-like', version: '1.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    await client.connect(a);
    const dropped = await client.callTool({
      name: 'echo',
      arguments: { text: 'hi', wait_for_previous: true },
    });
    expect(dropped.isError).toBeUndefined();
    expect(dropped.content).toEqual([
      {
        type: 'text',
        text: 'hi\nNote: ignored `wait_for_previous`, which the MCP client added and this tool does not take.',
      },
    ]);
    const unknown = await client.callTool({ name: 'echo', arguments: { text: 'hi', wait_for_it: true } });
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain('unknown field');
    const prototypeKey = await client.callTool({
      name: 'echo',
      arguments: JSON.parse('{"text":"hi","constructor":{"x":1}}'),
    });
    expect(prototypeKey.isError).toBe(true);
    expect(JSON.stringify(prototypeKey.content)).toContain('unknown field `constructor`');
    await client.close();
  });

  it('writes the approval choice as enum + enumNames for a 2025-06-18 client and as oneOf for the latest', async () => {
    const old = await rawClient(serve(safeSurface()), '2025-06-18', () => ({
      action: 'accept',
      content: { decision: 'allow_once' },
    }));
    expect(old.init.result.protocolVersion).toBe('2025-06-18');
    const ran = await old.request('tools/call', { name: 'save_note', arguments: { title: 'n' } });
    expect(ran.result.isError).toBeUndefined();
    const oldField = old.elicited[0].requestedSchema.properties.decision;
    expect(oldField.oneOf).toBeUndefined();
    expect(oldField.enum).toEqual(['allow_once', 'allow_always', 'reject_once', 'reject_always']);
    expect(oldField.enumNames).toEqual([
      'Allow once',
      'Allow always (this session)',
      'Reject',
      'Reject always (this session)',
    ]);

    const latest = await rawClient(serve(safeSurface()), '2025-11-25', () => ({
      action: 'accept',
      content: { decision: 'allow_once' },
    }));
    await latest.request('tools/call', { name: 'save_note', arguments: { title: 'n' } });
    const field = latest.elicited[0].requestedSchema.properties.decision;
    expect(field.enum).toBeUndefined();
    expect(field.oneOf.map((choice: { const: string }) => choice.const)).toEqual([
      'allow_once',
      'allow_always',
      'reject_once',
      'reject_always',
    ]);
  });

  it('says an answer it does not know is not a choice (not "The user declined"), and runs nothing', async () => {
    const events: string[] = [];
    const client = await rawClient(serve(safeSurface(events)), '2025-11-25', () => ({
      action: 'accept',
      content: { decision: 'yes please' },
    }));
    const refused = await client.request('tools/call', { name: 'save_note', arguments: { title: 'n' } });
    expect(refused.result.isError).toBe(true);
    const text = refused.result.content[0].text as string;
    expect(text).toContain(
      'The MCP client answered the approval question with "yes please", which is not one of its choices',
    );
    expect(text).not.toContain('declined');
    expect(text).not.toContain('cancelled');
    expect(events).toEqual([]);
  });

  it('answers initialize and ping before the surface exists; tools/list waits for it', async () => {
    let release: (surface: ToolSurface) => void = () => {};
    const pending = new Promise<ToolSurface>((resolve) => {
      release = resolve;
    });
    const server = serve(() => pending);
    const client = new Client({ name: 'early', version: '1.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    await client.connect(a);
    await client.ping();
    const order: string[] = ['initialized'];
    const listed = client.listTools().then((result) => {
      order.push(`listed ${result.tools.length}`);
    });
    order.push('surface built');
    release(createToolSurface({ tools: createTestTools([]) }));
    await listed;
    expect(order).toEqual(['initialized', 'surface built', 'listed 4']);
    await client.close();
  });
});

describe('createMcpServer passing a server’s form on to its client', () => {
  it('relays the fields (titled choices for the latest protocol) and returns the person’s answer; declines without elicitation', async () => {
    const server = serve(createToolSurface({ tools: createTestTools([]) }));
    const client = new Client(
      { name: 'with-forms', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    const seen: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      seen.push(request.params);
      return { action: 'accept', content: { color: 'g', count: 2 } };
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    await client.connect(a);
    const answer = await server.elicit(
      {
        server: 'tracker',
        message: 'Pick one',
        fields: [
          {
            name: 'color',
            title: 'Color',
            required: true,
            type: 'choice',
            choices: [{ value: 'g', label: 'Green' }],
          },
          { name: 'count', title: 'Count', required: false, type: 'integer', default: 1 },
        ],
      },
      AbortSignal.timeout(10_000),
    );
    expect(answer).toEqual({ action: 'accept', content: { color: 'g', count: 2 } });
    expect(seen).toEqual([
      expect.objectContaining({
        message: 'MCP server "tracker" asks: Pick one',
        requestedSchema: {
          type: 'object',
          properties: {
            color: { type: 'string', title: 'Color', oneOf: [{ const: 'g', title: 'Green' }] },
            count: { type: 'integer', title: 'Count', default: 1 },
          },
          required: ['color'],
        },
      }),
    ]);
    await client.close();

    const bare = serve(createToolSurface({ tools: createTestTools([]) }));
    const plain = new Client({ name: 'no-forms', version: '1.0.0' });
    const [c, d] = InMemoryTransport.createLinkedPair();
    await bare.connect(d);
    await plain.connect(c);
    expect(await bare.elicit({ server: 's', message: 'm', fields: [] }, AbortSignal.timeout(10_000))).toEqual(
      {
        action: 'decline',
      },
    );
    await plain.close();
  });
});
