import { PassThrough } from 'node:stream';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { createToolSurface } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { createTestTools } from '../test-support/test-tools.js';
import { createMcpServer } from './create-mcp-server.js';
import { createStdioServerTransport } from './create-stdio-server-transport.js';
import { answerInitializeEarly, SERVER_PROTOCOL_VERSIONS } from './early-initialize.js';

function lines(stream: PassThrough): { read(): Record<string, unknown>[] } {
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return {
    read: () =>
      text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

async function until(check: () => boolean) {
  for (let tries = 0; !check(); tries += 1) {
    if (tries > 500) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('answerInitializeEarly', () => {
  it('speaks the SDK’s protocol versions, newest first', () => {
    expect(SERVER_PROTOCOL_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
    expect(SERVER_PROTOCOL_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION);
  });

  it.each(['2025-06-18', '1999-01-01'])(
    'answers initialize (client asks %s) before the server exists, exactly as the server would, once; the server then serves what came meanwhile',
    async (requested) => {
      const input = new PassThrough();
      const output = new PassThrough();
      const written = lines(output);
      const early = answerInitializeEarly(input, output, { name: 'toolgate', version: '1.2.3' });
      input.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: requested, capabilities: { elicitation: {} }, clientInfo: { name: 'c', version: '1' } } })}\n`,
      );
      await until(() => written.read().length === 1);
      input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list' })}\n`);
      const logged: string[] = [];
      const server = createMcpServer({
        surface: createToolSurface({ tools: createTestTools([]) }),
        name: 'toolgate',
        version: '1.2.3',
      });
      await server.connect(
        createStdioServerTransport(input, output, {
          log: (line) => logged.push(line),
          early: early.handOver(),
        }),
      );
      await until(() => written.read().length === 2);
      const [first, second] = written.read();
      expect(first).toEqual({
        jsonrpc: '2.0',
        id: 7,
        result: {
          protocolVersion: requested === '2025-06-18' ? '2025-06-18' : LATEST_PROTOCOL_VERSION,
          capabilities: { tools: { listChanged: true } },
          serverInfo: { name: 'toolgate', version: '1.2.3' },
        },
      });
      expect(second?.id).toBe(8);
      expect((second?.result as { tools: unknown[] } | undefined)?.tools).toHaveLength(4);
      // The server's own answer to initialize matched the early one (nothing logged) and was not sent.
      expect(logged).toEqual([]);
      expect(server.server.getClientCapabilities()?.elicitation).toBeDefined();
      await server.close();
    },
  );

  it('leaves a first line that is not initialize to the server', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written = lines(output);
    const early = answerInitializeEarly(input, output, { name: 'toolgate', version: '1' });
    input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written.read()).toEqual([]);
    const server = createMcpServer({ surface: createToolSurface({ tools: createTestTools([]) }) });
    await server.connect(createStdioServerTransport(input, output, { early: early.handOver() }));
    await until(() => written.read().length === 1);
    expect(written.read()[0]?.id).toBe(1);
    await server.close();
  });
});
