import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createToolSurface } from '@toolgate/core';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../test-support/fixture-paths.js';
import { createTestTools } from '../test-support/test-tools.js';
import { createMcpServer } from './create-mcp-server.js';
import { type McpHttpEndpoint, serveOverHttp } from './serve-over-http.js';

const TOKEN = 'a-test-token-that-is-long-enough-0123456789';
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const endpoints: McpHttpEndpoint[] = [];
afterEach(async () => {
  for (const endpoint of endpoints.splice(0)) await endpoint.close();
});

async function serve(idleTimeoutMs?: number) {
  const opened: string[] = [];
  const closed: string[] = [];
  const endpoint = await serveOverHttp({
    port: 0,
    token: TOKEN,
    ...(idleTimeoutMs === undefined ? {} : { idleTimeoutMs }),
    createSession: async () => {
      const id = `s${opened.length + 1}`;
      opened.push(id);
      return {
        server: createMcpServer({
          surface: createToolSurface({ tools: createTestTools([]) }),
          onClose: () => {
            closed.push(id);
          },
        }),
      };
    },
  });
  endpoints.push(endpoint);
  return { endpoint, opened, closed };
}

function post(url: string, headers: Record<string, string>, body = INITIALIZE) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
}

async function client(url: string) {
  const mcp = new Client({ name: 'sdk', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
  });
  await mcp.connect(transport);
  return { mcp, transport };
}

describe('serveOverHttp', () => {
  it('serves the surface to the SDK client, one server per MCP session, and closes a session the client deletes', async () => {
    const { endpoint, opened, closed } = await serve();
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const first = await client(endpoint.url);
    const second = await client(endpoint.url);
    expect((await first.mcp.listTools()).tools.map((tool) => tool.name)).toContain('echo');
    expect(await second.mcp.callTool({ name: 'echo', arguments: { text: 'hi' } })).toEqual({
      content: [{ type: 'text', text: 'hi' }],
    });
    expect(opened).toEqual(['s1', 's2']);
    expect(endpoint.sessions()).toBe(2);
    await first.transport.terminateSession();
    await waitFor(() => closed.includes('s1'));
    expect(endpoint.sessions()).toBe(1);
    await second.mcp.close();
  });

  it('refuses a request without the token, with a wrong one, from another Host or Origin (DNS rebinding)', async () => {
    const { endpoint, opened } = await serve();
    const port = new URL(endpoint.url).port;
    expect((await post(endpoint.url, {})).status).toBe(401);
    expect((await post(endpoint.url, {})).headers.get('www-authenticate')).toContain('Bearer');
    expect((await post(endpoint.url, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    const good = { authorization: `Bearer ${TOKEN}` };
    expect((await post(endpoint.url, { ...good, origin: 'http://evil.example' })).status).toBe(403);
    // fetch sets Host from the URL; a rebinding page's Host is its own name.
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request(
        endpoint.url,
        {
          method: 'POST',
          headers: { ...good, host: `evil.example:${port}`, 'content-type': 'application/json' },
        },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        },
      );
      sent.on('error', reject);
      sent.end(INITIALIZE);
    });
    expect(status).toBe(403);
    expect(opened).toEqual([]);
    const accepted = await post(endpoint.url, { ...good, origin: `http://localhost:${port}` });
    expect(accepted.status).toBe(200);
    expect(opened).toEqual(['s1']);
  });

  it('answers an unknown session with 404 and closes a session that goes idle', async () => {
    const { endpoint, closed } = await serve(1500);
    const good = { authorization: `Bearer ${TOKEN}` };
    expect((await post(endpoint.url, { ...good, 'mcp-session-id': 'nope' })).status).toBe(404);
    const { transport } = await client(endpoint.url);
    expect(endpoint.sessions()).toBe(1);
    await waitFor(() => closed.length === 1, 20_000);
    expect(endpoint.sessions()).toBe(0);
    await transport.close();
  });

  it('refuses a short token and a bad port', async () => {
    await expect(
      serveOverHttp({ port: 0, token: 'short', createSession: async () => ({}) as never }),
    ).rejects.toThrow(/at least 32 characters/);
    await expect(
      serveOverHttp({ port: 70000, token: TOKEN, createSession: async () => ({}) as never }),
    ).rejects.toThrow(/port/);
  });
});
