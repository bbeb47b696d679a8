import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { EVERYTHING_SERVER } from '../test-support/fixture-paths.js';
import { createMcpTools } from './create-mcp-tools.js';

const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts server-everything over HTTP and waits until it listens. */
async function startEverything(transport: 'streamableHttp' | 'sse'): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_SERVER, transport], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (/listening on port|running on port/i.test(seen)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}: ${seen}`)));
  });
  return port;
}

afterAll(() => {
  for (const child of children) child.kill();
});

describe('createMcpTools over remote transports', () => {
  it('connects over Streamable HTTP and calls a tool', async () => {
    const port = await startEverything('streamableHttp');
    const mcp = await createMcpTools({
      servers: {
        web: {
          type: 'http',
          url: `http://127.0.0.1:${port}/mcp`,
          headers: { 'X-Test': '1' },
          disabled: false,
        },
      },
    });
    try {
      expect(mcp.status()[0]).toMatchObject({ server: 'web', transport: 'http', state: 'connected' });
      expect(
        await mcp.surface.executor.execute({
          id: 'c',
          name: 'mcp__web__echo',
          arguments: { message: 'over http' },
        }),
      ).toEqual({
        status: 'success',
        output: 'Echo: over http',
        display: { summary: 'Echo: over http' },
      });
    } finally {
      await mcp.close();
    }
  });

  it('connects over the legacy SSE transport and calls a tool', async () => {
    const port = await startEverything('sse');
    const mcp = await createMcpTools({
      servers: { legacy: { type: 'sse', url: `http://127.0.0.1:${port}/sse`, headers: {}, disabled: false } },
    });
    try {
      expect(mcp.status()[0]).toMatchObject({ server: 'legacy', transport: 'sse', state: 'connected' });
      expect(
        await mcp.surface.executor.execute({
          id: 'c',
          name: 'mcp__legacy__get-sum',
          arguments: { a: 1, b: 2 },
        }),
      ).toEqual({
        status: 'success',
        output: 'The sum of 1 and 2 is 3.',
        display: { summary: 'The sum of 1 and 2 is 3.' },
      });
    } finally {
      await mcp.close();
    }
  });

  it('reports an unreachable URL as an error without failing the others', async () => {
    const port = await freePort();
    const mcp = await createMcpTools({
      servers: {
        nowhere: { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {}, disabled: false },
      },
    });
    expect(mcp.status()[0]).toMatchObject({
      state: 'error',
      reason: expect.stringMatching(/^failed to start: /),
    });
    await mcp.close();
  });
});
