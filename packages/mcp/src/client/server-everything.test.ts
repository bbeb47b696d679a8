import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_SERVER, waitFor } from '../test-support/fixture-paths.js';
import { createMcpTools, type McpTools } from './create-mcp-tools.js';

describe('createMcpTools against @modelcontextprotocol/server-everything over stdio', () => {
  let mcp: McpTools;
  const changed: string[] = [];

  beforeAll(async () => {
    mcp = await createMcpTools({
      servers: {
        everything: {
          type: 'stdio',
          command: process.execPath,
          args: [EVERYTHING_SERVER, 'stdio'],
          env: {},
          disabled: false,
        },
      },
      onToolsChanged: (server) => changed.push(server),
    });
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it('connects and lists its tools under mcp__everything__', () => {
    const [status] = mcp.status();
    expect(status?.state).toBe('connected');
    expect(status?.serverInfo?.name).toBe('mcp-servers/everything');
    expect(status?.tools).toEqual(
      expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum']),
    );
  });

  it('keeps the server schema, description and annotations', () => {
    expect(mcp.surface.registry.get('mcp__everything__get-sum')).toEqual({
      name: 'mcp__everything__get-sum',
      description: 'Returns the sum of two numbers',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          a: { type: 'number', description: 'First number' },
          b: { type: 'number', description: 'Second number' },
        },
        required: ['a', 'b'],
      },
      kind: 'read',
      annotations: {
        title: 'Get Sum Tool',
        readOnly: true,
        destructive: false,
        idempotent: true,
        openWorld: false,
      },
      source: { type: 'mcp', server: 'everything', originalName: 'get-sum' },
    });
  });

  it('runs calls and returns text and structured content', async () => {
    expect(
      await mcp.surface.executor.execute({
        id: 'c',
        name: 'mcp__everything__echo',
        arguments: '{"message":"hi"}',
      }),
    ).toEqual({ status: 'success', output: 'Echo: hi', display: { summary: 'Echo: hi' } });
    expect(
      await mcp.surface.executor.execute({
        id: 'c',
        name: 'mcp__everything__get-sum',
        arguments: { a: 2, b: 3 },
      }),
    ).toEqual({
      status: 'success',
      output: 'The sum of 2 and 3 is 5.',
      display: { summary: 'The sum of 2 and 3 is 5.' },
    });
    const weather = await mcp.surface.executor.execute({
      id: 'c',
      name: 'mcp__everything__get-structured-content',
      arguments: { location: 'Chicago' },
    });
    expect(weather.status === 'success' && weather.output).toEqual({
      text: expect.any(String),
      structuredContent: {
        temperature: expect.any(Number),
        conditions: expect.any(String),
        humidity: expect.any(Number),
      },
    });
  });

  it('summarises images', async () => {
    const image = await mcp.surface.executor.execute({
      id: 'c',
      name: 'mcp__everything__get-tiny-image',
      arguments: {},
    });
    expect(image.status === 'success' && image.output).toMatch(/\[image: image\/png, [\d.]+ KB\]/);
  });

  it('refuses bad arguments with its schema before calling the server', async () => {
    expect(
      await mcp.surface.executor.execute({
        id: 'c',
        name: 'mcp__everything__get-sum',
        arguments: { a: '2' },
      }),
    ).toEqual({
      status: 'failure',
      error: {
        code: 'invalid_arguments',
        message:
          'Invalid arguments for mcp__everything__get-sum: `b` is required; `a` must be number; got "2".',
      },
    });
  });

  it('gives mcp_tool_error for a tool that reports an error', async () => {
    expect(
      await mcp.surface.executor.execute({
        id: 'c',
        name: 'mcp__everything__gzip-file-as-resource',
        arguments: { data: 'ftp://example.com/file' },
      }),
    ).toEqual({
      status: 'failure',
      error: {
        code: 'mcp_tool_error',
        message:
          'Error processing file ftp://example.com/file: Unsupported URL protocol for ftp://example.com/file. Only http, https, and data URLs are supported.',
      },
    });
  });

  it('cancels a long-running tool when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = mcp.surface.executor.execute(
      {
        id: 'c',
        name: 'mcp__everything__trigger-long-running-operation',
        arguments: { duration: 30, steps: 3 },
      },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 200);
    expect(await pending).toEqual({
      status: 'failure',
      error: {
        code: 'aborted',
        message: 'mcp__everything__trigger-long-running-operation was cancelled before it finished.',
      },
    });
    // The connection is still usable afterwards.
    expect(
      await mcp.surface.executor.execute({
        id: 'c',
        name: 'mcp__everything__echo',
        arguments: { message: 'again' },
      }),
    ).toEqual({ status: 'success', output: 'Echo: again', display: { summary: 'Echo: again' } });
  });

  it('honours the list_changed it sends after initialization', async () => {
    // The server registers its capability-dependent tools after `initialized` and announces them.
    // Each announcement re-lists the tools (onToolsChanged fires once on connect, then per re-list).
    await waitFor(() => changed.length >= 2);
    expect(new Set(changed)).toEqual(new Set(['everything']));
    expect(mcp.status()[0]?.skippedTools).toContainEqual({
      originalName: 'simulate-research-query',
      reason: 'it can only run as an MCP task, which toolgate does not support',
    });
  });
});
