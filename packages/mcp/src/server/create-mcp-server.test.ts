import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import {
  type ApprovalMode,
  createApprovalMemory,
  createToolSurface,
  InvalidOptionsError,
  standardDecorators,
} from '@toolgate/core';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../test-support/fixture-paths.js';
import { createTestTools } from '../test-support/test-tools.js';
import { createMcpServer, type ToolgateMcpServer } from './create-mcp-server.js';

interface Setup {
  readonly client: Client;
  readonly server: ToolgateMcpServer;
  readonly events: string[];
  readonly asked: string[];
  readonly closed: string[];
}

const open: Setup[] = [];

afterEach(async () => {
  for (const setup of open.splice(0)) {
    await setup.client.close();
    await setup.server.close();
  }
});

async function connect(options: {
  mode: ApprovalMode;
  answers?: ElicitResult[];
  elicitation?: boolean;
  maxResultChars?: number;
}): Promise<Setup> {
  const events: string[] = [];
  const asked: string[] = [];
  const closed: string[] = [];
  const server = createMcpServer({
    surface: (approver) =>
      createToolSurface({
        tools: createTestTools(events),
        decorators: standardDecorators({
          approval: { mode: options.mode, approver, memory: createApprovalMemory() },
        }),
      }),
    name: 'toolgate-test',
    version: '9.9.9',
    ...(options.maxResultChars ? { maxResultChars: options.maxResultChars } : {}),
    onClose: () => {
      closed.push('closed');
    },
  });
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    { capabilities: options.elicitation === false ? {} : { elicitation: { form: {} } } },
  );
  if (options.elicitation !== false) {
    const answers = [...(options.answers ?? [])];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return answers.shift() ?? { action: 'cancel' };
    });
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  const setup = { client, server, events, asked, closed };
  open.push(setup);
  return setup;
}

describe('createMcpServer', () => {
  it('lists the surface tools with their JSON Schemas and kinds mapped to hints', async () => {
    const { client } = await connect({ mode: 'auto' });
    expect(client.getServerVersion()).toEqual({ name: 'toolgate-test', version: '9.9.9' });
    expect((await client.listTools()).tools).toMatchInlineSnapshot(`
      [
        {
          "_meta": {
            "toolgate/kind": "read",
          },
          "annotations": {
            "readOnlyHint": true,
          },
          "description": "Echoes its text.",
          "inputSchema": {
            "additionalProperties": false,
            "properties": {
              "text": {
                "type": "string",
              },
            },
            "required": [
              "text",
            ],
            "type": "object",
          },
          "name": "echo",
        },
        {
          "_meta": {
            "toolgate/kind": "edit",
          },
          "annotations": {
            "destructiveHint": true,
            "readOnlyHint": false,
          },
          "description": "Saves a note.",
          "inputSchema": {
            "additionalProperties": false,
            "properties": {
              "body": {
                "type": "string",
              },
              "title": {
                "type": "string",
              },
            },
            "required": [
              "title",
            ],
            "type": "object",
          },
          "name": "save_note",
        },
        {
          "_meta": {
            "toolgate/kind": "search",
          },
          "annotations": {
            "readOnlyHint": true,
          },
          "description": "Lists the saved notes.",
          "inputSchema": {
            "additionalProperties": false,
            "properties": {},
            "type": "object",
          },
          "name": "list_notes",
        },
        {
          "_meta": {
            "toolgate/kind": "other",
          },
          "annotations": {
            "readOnlyHint": true,
          },
          "description": "Waits until cancelled.",
          "inputSchema": {
            "additionalProperties": false,
            "properties": {},
            "type": "object",
          },
          "name": "wait",
        },
      ]
    `);
  });

  it('runs calls through the executor: text plus structuredContent, arrays wrapped, strings plain', async () => {
    const { client } = await connect({ mode: 'auto' });
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toEqual({
      content: [{ type: 'text', text: 'hi' }],
    });
    expect(await client.callTool({ name: 'save_note', arguments: { title: 'a' } })).toEqual({
      content: [{ type: 'text', text: '{"saved":"a","count":1}' }],
      structuredContent: { saved: 'a', count: 1 },
    });
    expect(await client.callTool({ name: 'list_notes', arguments: {} })).toEqual({
      content: [{ type: 'text', text: '["a"]' }],
      structuredContent: { result: ['a'] },
    });
  });

  it('returns failures as isError with the serialized text and no structured content', async () => {
    const { client } = await connect({ mode: 'auto' });
    expect(await client.callTool({ name: 'echo', arguments: { text: 5 } })).toMatchInlineSnapshot(`
      {
        "content": [
          {
            "text": "TOOL_ERROR: {"errorType":"invalid_arguments","error":"Invalid arguments for echo: \`text\`: expected string, received number; got number 5.","tool":"echo","callId":"mcp-1-1"}",
            "type": "text",
          },
        ],
        "isError": true,
      }
    `);
    expect(await client.callTool({ name: 'save_note', arguments: { title: '' } })).toMatchInlineSnapshot(`
      {
        "content": [
          {
            "text": "TOOL_ERROR: {"errorType":"invalid_title","error":"The title is empty; give the note a title.","tool":"save_note","callId":"mcp-2-2"}",
            "type": "text",
          },
        ],
        "isError": true,
      }
    `);
    expect(await client.callTool({ name: 'nope', arguments: {} })).toMatchInlineSnapshot(`
      {
        "content": [
          {
            "text": "TOOL_ERROR: {"errorType":"unknown_tool","error":"Unknown tool \\"nope\\". Available tools: echo, save_note, list_notes, wait.","tool":"nope","callId":"mcp-3-3"}",
            "type": "text",
          },
        ],
        "isError": true,
      }
    `);
  });

  it('asks through elicitation and runs the call when the client approves', async () => {
    const setup = await connect({
      mode: 'safe',
      answers: [{ action: 'accept', content: { decision: 'allow_once' } }],
    });
    expect(await setup.client.callTool({ name: 'save_note', arguments: { title: 'x' } })).toEqual({
      content: [{ type: 'text', text: '{"saved":"x","count":1}' }],
      structuredContent: { saved: 'x', count: 1 },
    });
    expect(setup.asked).toEqual(['Approval required for save_note\nSave note x']);
    expect(setup.events).toEqual(['saved x']);
  });

  it('rejects the call when the client declines, without running it', async () => {
    const setup = await connect({ mode: 'safe', answers: [{ action: 'decline' }] });
    expect(await setup.client.callTool({ name: 'save_note', arguments: { title: 'x' } })).toEqual({
      content: [{ type: 'text', text: '[approval-rejected] The user declined: Save note x' }],
      isError: true,
    });
    expect(setup.events).toEqual([]);
  });

  it('remembers allow_always for the session and treats cancel as a rejection', async () => {
    const setup = await connect({
      mode: 'manual',
      answers: [{ action: 'accept', content: { decision: 'allow_always' } }, { action: 'cancel' }],
    });
    await setup.client.callTool({ name: 'save_note', arguments: { title: 'a' } });
    await setup.client.callTool({ name: 'save_note', arguments: { title: 'b' } });
    expect(setup.asked).toHaveLength(1);
    expect(await setup.client.callTool({ name: 'echo', arguments: { text: 'x' } })).toEqual({
      content: [
        {
          type: 'text',
          text: '[approval-rejected] Nobody approved this call, so it did not run: args={"text":"x"}',
        },
      ],
      isError: true,
    });
    expect(setup.events).toEqual(['saved a', 'saved b']);
  });

  it('fails closed on an accepted form without a known decision', async () => {
    const setup = await connect({ mode: 'safe', answers: [{ action: 'accept', content: {} }] });
    const result = await setup.client.callTool({ name: 'save_note', arguments: { title: 'x' } });
    expect(result.isError).toBe(true);
    expect(setup.events).toEqual([]);
  });

  it('rejects with a message saying why when the client cannot be asked', async () => {
    const setup = await connect({ mode: 'safe', elicitation: false });
    expect(
      await setup.client.callTool({ name: 'save_note', arguments: { title: 'x' } }),
    ).toMatchInlineSnapshot(`
      {
        "content": [
          {
            "text": "[approval-rejected] This call needs approval and nobody could be asked (the MCP client cannot show questions), so it did not run: Save note x
      This call needs approval, but the MCP client does not support elicitation, so toolgate cannot ask. Use a client that supports elicitation, or start the server with approval mode "auto" to run calls without asking.",
            "type": "text",
          },
        ],
        "isError": true,
      }
    `);
    expect(await setup.client.callTool({ name: 'echo', arguments: { text: 'read-only runs' } })).toEqual({
      content: [{ type: 'text', text: 'read-only runs' }],
    });
    expect(setup.events).toEqual([]);
  });

  it('asks nothing in auto mode, even without elicitation', async () => {
    const setup = await connect({ mode: 'auto', elicitation: false });
    expect(
      (await setup.client.callTool({ name: 'save_note', arguments: { title: 'x' } })).isError,
    ).toBeUndefined();
    expect(setup.events).toEqual(['saved x']);
  });

  it('aborts the call when the client cancels it', async () => {
    const setup = await connect({ mode: 'auto' });
    const controller = new AbortController();
    const pending = setup.client.callTool({ name: 'wait', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    await waitFor(() => setup.events.includes('wait started'));
    controller.abort();
    await expect(pending).rejects.toThrow();
    await waitFor(() => setup.events.includes('wait aborted'));
  });

  it('caps long results with a marker, keeping their beginning and end, and leaves out structured content then', async () => {
    const setup = await connect({ mode: 'auto', maxResultChars: 10 });
    expect(await setup.client.callTool({ name: 'save_note', arguments: { title: 'a long title' } })).toEqual({
      content: [
        {
          type: 'text',
          text: '{"sav\n… [truncated: showing the first 5 and the last 5 of 34 characters] …\nt":1}',
        },
      ],
    });
  });

  it('aborts in-flight calls and runs onClose once when the transport closes', async () => {
    const setup = await connect({ mode: 'auto' });
    void setup.client.callTool({ name: 'wait', arguments: {} }).catch(() => {});
    await waitFor(() => setup.events.includes('wait started'));
    await setup.client.close();
    await waitFor(() => setup.closed.length === 1 && setup.events.includes('wait aborted'));
    await setup.server.close();
    expect(setup.closed).toEqual(['closed']);
  });

  it('refuses invalid options', () => {
    expect(() =>
      createMcpServer({ surface: createToolSurface({ tools: createTestTools() }), maxResultChars: -1 }),
    ).toThrow(InvalidOptionsError);
  });
});
