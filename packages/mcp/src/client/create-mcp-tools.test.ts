import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AnyTool,
  type ApprovalRequest,
  createToolSurface,
  InvalidOptionsError,
  standardDecorators,
} from '@toolgate/core';
import { checkToolConformance } from '@toolgate/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer, rawServer, waitFor } from '../test-support/fixture-paths.js';
import { createMcpTools, type McpTools } from './create-mcp-tools.js';

function names(tools: readonly AnyTool[]): string[] {
  return tools.map((tool) => tool.definition.name);
}

describe('createMcpTools with fixture servers', () => {
  let mcp: McpTools;
  const stderr: string[] = [];
  const changed: string[] = [];

  beforeAll(async () => {
    mcp = await createMcpTools({
      servers: {
        alpha: fixtureServer('normal', { FIXTURE_LABEL: 'alpha' }),
        beta: fixtureServer('normal', { FIXTURE_LABEL: 'beta' }),
        'dup.x': fixtureServer(),
        dup_x: fixtureServer(),
        broken: fixtureServer('fail'),
        off: { ...fixtureServer(), disabled: true },
      },
      connectTimeoutMs: 20_000,
      stderr: (server, chunk) => stderr.push(`${server}: ${chunk}`),
      onToolsChanged: (server) => changed.push(server),
    });
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it('reports each server as connected, error (with the reason and stderr) or disabled', () => {
    const status = mcp.status().map((entry) => ({ ...entry, tools: entry.tools.length }));
    expect(status).toMatchInlineSnapshot(`
      [
        {
          "changedTools": [],
          "server": "alpha",
          "serverInfo": {
            "name": "fixture",
            "version": "1.2.3",
          },
          "skippedTools": [],
          "state": "connected",
          "tools": 9,
          "transport": "stdio",
        },
        {
          "changedTools": [],
          "server": "beta",
          "serverInfo": {
            "name": "fixture",
            "version": "1.2.3",
          },
          "skippedTools": [],
          "state": "connected",
          "tools": 9,
          "transport": "stdio",
        },
        {
          "changedTools": [],
          "server": "dup.x",
          "serverInfo": {
            "name": "fixture",
            "version": "1.2.3",
          },
          "skippedTools": [],
          "state": "connected",
          "tools": 9,
          "transport": "stdio",
        },
        {
          "changedTools": [],
          "server": "dup_x",
          "serverInfo": {
            "name": "fixture",
            "version": "1.2.3",
          },
          "skippedTools": [
            {
              "originalName": "search",
              "reason": "its name mcp__dup_x__search is already taken by tool "search" of server "dup.x"",
            },
            {
              "originalName": "write.note",
              "reason": "its name mcp__dup_x__write_note is already taken by tool "write.note" of server "dup.x"",
            },
            {
              "originalName": "mixed",
              "reason": "its name mcp__dup_x__mixed is already taken by tool "mixed" of server "dup.x"",
            },
            {
              "originalName": "fail",
              "reason": "its name mcp__dup_x__fail is already taken by tool "fail" of server "dup.x"",
            },
            {
              "originalName": "sleep",
              "reason": "its name mcp__dup_x__sleep is already taken by tool "sleep" of server "dup.x"",
            },
            {
              "originalName": "die",
              "reason": "its name mcp__dup_x__die is already taken by tool "die" of server "dup.x"",
            },
            {
              "originalName": "where",
              "reason": "its name mcp__dup_x__where is already taken by tool "where" of server "dup.x"",
            },
            {
              "originalName": "add_tool",
              "reason": "its name mcp__dup_x__add_tool is already taken by tool "add_tool" of server "dup.x"",
            },
          ],
          "state": "connected",
          "tools": 1,
          "transport": "stdio",
        },
        {
          "changedTools": [],
          "reason": "failed to start: MCP error -32000: Connection closed; stderr: fixture: missing API_KEY, cannot start",
          "server": "broken",
          "skippedTools": [],
          "state": "error",
          "tools": 0,
          "transport": "stdio",
        },
        {
          "changedTools": [],
          "reason": "disabled in the MCP config",
          "server": "off",
          "skippedTools": [],
          "state": "disabled",
          "tools": 0,
          "transport": "stdio",
        },
      ]
    `);
  });

  it('sends a stdio server stderr to the log sink, never to stdout', () => {
    expect(stderr).toContain('broken: fixture: missing API_KEY, cannot start\n');
  });

  it('merges every tool as mcp__<server>__<tool>, keeping schemas and descriptions', () => {
    const alpha = mcp.surface.registry
      .list()
      .filter((definition) => definition.name.startsWith('mcp__alpha__'));
    expect(alpha).toMatchInlineSnapshot(`
      [
        {
          "annotations": {
            "destructive": false,
            "idempotent": true,
            "readOnly": true,
          },
          "description": "Searches the notes of this server.",
          "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "additionalProperties": false,
            "properties": {
              "limit": {
                "maximum": 50,
                "minimum": -9007199254740991,
                "type": "integer",
              },
              "query": {
                "minLength": 1,
                "type": "string",
              },
            },
            "required": [
              "query",
            ],
            "type": "object",
          },
          "kind": "read",
          "name": "mcp__alpha__search",
          "source": {
            "originalName": "search",
            "server": "alpha",
            "type": "mcp",
          },
        },
        {
          "annotations": {
            "destructive": true,
            "readOnly": false,
          },
          "description": "Writes a note.",
          "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
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
          "kind": "other",
          "name": "mcp__alpha__write_note",
          "source": {
            "originalName": "write.note",
            "server": "alpha",
            "type": "mcp",
          },
        },
        {
          "annotations": {
            "destructive": true,
            "readOnly": false,
          },
          "description": "Returns text, an image and a resource.",
          "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "additionalProperties": false,
            "properties": {},
            "type": "object",
          },
          "kind": "other",
          "name": "mcp__alpha__mixed",
          "source": {
            "originalName": "mixed",
            "server": "alpha",
            "type": "mcp",
          },
        },
        {
          "annotations": {
            "destructive": true,
            "readOnly": false,
          },
          "description": "Always reports an error.",
          "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "additionalProperties": false,
            "properties": {
              "why": {
                "type": "string",
              },
            },
            "required": [
              "why",
            ],
            "type": "object",
          },
          "kind": "other",
          "name": "mcp__alpha__fail",
          "source": {
            "originalName": "fail",
            "server": "alpha",
            "type": "mcp",
          },
        },
        {
          "annotations": {
            "destructive": true,
            "readOnly": false,
          },
          "description": "Waits, then answers.",
          "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "additionalProperties": false,
            "properties": {
              "ms": {
                "maximum": 9007199254740991,
                "minimum": 0,
                "type": "integer",
              },
            },
            "required": [
              "ms",
            ],
            "type": "object",
          },
          "kind": "other",
          "name": "mcp__alpha__sleep",
          "source": {
            "originalName": "sleep",
            "server": "alpha",
            "type": "mcp",
          },
        },
        {
          "annotations": {
            "destructive": true,
            "readOnly": false,
          },
          "description": "Exits the process in the middle of a call.",
          "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "additionalProperties": false,
            "properties": {},
            "type": "object",
          },
          "kind": "other",
          "name": "mcp__alpha__die",
          "source": {
            "originalName": "die",
            "server": "alpha",
            "type": "mcp",
          },
        },
        {
          "annotations": {
            "destructive": true,
            "readOnly": false,
          },
          "description": "Reports its working directory and what it sees of the environment.",
          "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "additionalProperties": false,
            "properties": {},
            "type": "object",
          },
          "kind": "other",
          "name": "mcp__alpha__where",
          "source": {
            "originalName": "where",
            "server": "alpha",
            "type": "mcp",
          },
        },
        {
          "annotations": {
            "destructive": true,
            "readOnly": false,
          },
          "description": "Registers one more tool (sends list_changed).",
          "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "additionalProperties": false,
            "properties": {
              "name": {
                "type": "string",
              },
            },
            "required": [
              "name",
            ],
            "type": "object",
          },
          "kind": "other",
          "name": "mcp__alpha__add_tool",
          "source": {
            "originalName": "add_tool",
            "server": "alpha",
            "type": "mcp",
          },
        },
        {
          "annotations": {
            "destructive": true,
            "readOnly": false,
          },
          "description": "A tool whose name is far too long for most model APIs.",
          "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "additionalProperties": false,
            "properties": {},
            "type": "object",
          },
          "kind": "other",
          "name": "mcp__alpha__aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_d79d7a47",
          "source": {
            "originalName": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "server": "alpha",
            "type": "mcp",
          },
        },
      ]
    `);
  });

  it('keeps tools of two servers with the same tool names apart, and routes each call to its server', async () => {
    expect(names(mcp.tools.list()).filter((name) => name.endsWith('__search'))).toEqual([
      'mcp__alpha__search',
      'mcp__beta__search',
      'mcp__dup_x__search',
    ]);
    const call = (name: string) => mcp.surface.executor.execute({ id: 'c', name, arguments: { query: 'q' } });
    expect(await call('mcp__alpha__search')).toEqual({
      status: 'success',
      output: 'alpha: results for q (limit 10)',
      display: { summary: 'alpha: results for q (limit 10)' },
    });
    expect(await call('mcp__beta__search')).toEqual({
      status: 'success',
      output: 'beta: results for q (limit 10)',
      display: { summary: 'beta: results for q (limit 10)' },
    });
  });

  it('reports a name that still collides after sanitising on the tool, instead of shadowing it', () => {
    const dup = mcp.status().find((entry) => entry.server === 'dup_x')!;
    expect(dup.tools).toEqual(['mcp__dup_x__aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_5c91fe49']);
    expect(dup.skippedTools.map((entry) => entry.originalName)).toEqual([
      'search',
      'write.note',
      'mixed',
      'fail',
      'sleep',
      'die',
      'where',
      'add_tool',
    ]);
    expect(dup.skippedTools[0]).toEqual({
      originalName: 'search',
      reason: 'its name mcp__dup_x__search is already taken by tool "search" of server "dup.x"',
    });
    expect(mcp.tools.get('mcp__dup_x__search')?.definition.source).toEqual({
      type: 'mcp',
      server: 'dup.x',
      originalName: 'search',
    });
  });

  it('returns joined text, keeps structured content and summarises images and resources', async () => {
    const run = (name: string, args: Record<string, unknown>) =>
      mcp.surface.executor.execute({ id: 'c', name, arguments: args });
    expect(await run('mcp__alpha__write_note', { text: 'hello' })).toEqual({
      status: 'success',
      output: { text: 'saved 5 characters', structuredContent: { saved: true, length: 5 } },
      display: { summary: 'saved 5 characters' },
    });
    const mixed =
      'here you go\n[image: image/png, 300 B]\n[resource: note://1 (text/plain)]\nnote one\n[resource link: second note <note://2>]';
    expect(await run('mcp__alpha__mixed', {})).toEqual({
      status: 'success',
      output: mixed,
      display: { summary: 'here you go', text: mixed },
    });
    expect(await run(mcp.status()[0]!.tools.find((name) => name.startsWith('mcp__alpha__aaa'))!, {})).toEqual(
      {
        status: 'success',
        output: 'long name ran',
        display: { summary: 'long name ran' },
      },
    );
  });

  it('turns isError into mcp_tool_error with the server text', async () => {
    expect(
      await mcp.surface.executor.execute({
        id: 'c',
        name: 'mcp__alpha__fail',
        arguments: { why: 'no disk' },
      }),
    ).toEqual({ status: 'failure', error: { code: 'mcp_tool_error', message: 'cannot do that: no disk' } });
  });

  it('validates arguments against the server schema before approval, quoting the value', async () => {
    const asked: ApprovalRequest[] = [];
    const surface = createToolSurface({
      tools: mcp.tools,
      decorators: standardDecorators({
        approval: {
          mode: 'manual',
          approver: async (request) => {
            asked.push(request);
            return 'allow_once';
          },
        },
      }),
    });
    const results = await Promise.all(
      [{ query: 5 }, { query: '' }, { qurey: 'x' }, { query: 'x', limit: 500 }, '{"query":'].map((args) =>
        surface.executor.execute({ id: 'c', name: 'mcp__alpha__search', arguments: args }),
      ),
    );
    expect(results).toMatchInlineSnapshot(`
      [
        {
          "error": {
            "code": "invalid_arguments",
            "message": "Invalid arguments for mcp__alpha__search: \`query\` must be string; got 5.",
          },
          "status": "failure",
        },
        {
          "error": {
            "code": "invalid_arguments",
            "message": "Invalid arguments for mcp__alpha__search: \`query\` must NOT have fewer than 1 characters; got "".",
          },
          "status": "failure",
        },
        {
          "error": {
            "code": "invalid_arguments",
            "message": "Invalid arguments for mcp__alpha__search: \`query\` is required; unknown field \`qurey\` — did you mean \`query\`?.",
          },
          "status": "failure",
        },
        {
          "error": {
            "code": "invalid_arguments",
            "message": "Invalid arguments for mcp__alpha__search: \`limit\` must be <= 50; got 500.",
          },
          "status": "failure",
        },
        {
          "error": {
            "code": "invalid_arguments",
            "message": "Invalid arguments for mcp__alpha__search: not valid JSON (Unexpected end of JSON input); got {"query":. Send one JSON object.",
          },
          "status": "failure",
        },
      ]
    `);
    expect(asked).toEqual([]);
  });

  it('asks in safe mode for a tool not marked read-only, and not for a read-only one', async () => {
    const asked: string[] = [];
    const surface = createToolSurface({
      tools: mcp.tools,
      decorators: standardDecorators({
        approval: {
          mode: 'safe',
          approver: async (request) => {
            asked.push(`${request.toolName} ${request.detail}`);
            return 'reject_once';
          },
        },
      }),
    });
    expect(
      await surface.executor.execute({ id: 'c', name: 'mcp__alpha__search', arguments: { query: 'x' } }),
    ).toEqual({
      status: 'success',
      output: 'alpha: results for x (limit 10)',
      display: { summary: 'alpha: results for x (limit 10)' },
    });
    expect(
      await surface.executor.execute({ id: 'c', name: 'mcp__alpha__write_note', arguments: { text: 'x' } }),
    ).toEqual({ status: 'rejected', by: 'approval', reason: 'The user declined: args={"text":"x"}' });
    expect(asked).toEqual(['mcp__alpha__write_note args={"text":"x"}']);
  });

  it('cancels a running call when the signal aborts, and tells the server', async () => {
    const controller = new AbortController();
    const pending = mcp.surface.executor.execute(
      { id: 'c', name: 'mcp__beta__sleep', arguments: { ms: 30_000 } },
      { signal: controller.signal },
    );
    await waitFor(() => stderr.includes('beta: fixture: sleep started\n'));
    controller.abort();
    expect(await pending).toEqual({
      status: 'failure',
      error: { code: 'aborted', message: 'mcp__beta__sleep was cancelled before it finished.' },
    });
    await waitFor(() => stderr.includes('beta: fixture: sleep cancelled\n'));
  });

  it('cancels many parallel calls sharing one signal, without a listener warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const pending = Array.from({ length: 15 }, (_, index) =>
        mcp.surface.executor.execute(
          { id: `p${index}`, name: 'mcp__alpha__sleep', arguments: { ms: 30_000 } },
          { signal: controller.signal },
        ),
      );
      const started = () =>
        stderr
          .filter((chunk) => chunk.startsWith('alpha: '))
          .join('')
          .split('fixture: sleep started').length - 1;
      await waitFor(() => started() === 15);
      controller.abort();
      const results = await Promise.all(pending);
      expect(new Set(results.map((result) => result.status === 'failure' && result.error.code))).toEqual(
        new Set(['aborted']),
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('refreshes a server tools on list_changed', async () => {
    expect(mcp.tools.get('mcp__beta__fresh')).toBeUndefined();
    await mcp.surface.executor.execute({
      id: 'c',
      name: 'mcp__beta__add_tool',
      arguments: { name: 'fresh' },
    });
    await waitFor(() => mcp.tools.get('mcp__beta__fresh') !== undefined);
    expect(changed).toContain('beta');
    expect(mcp.surface.registry.get('mcp__beta__fresh')?.description).toBe('Added tool number 1.');
    expect(await mcp.surface.executor.execute({ id: 'c', name: 'mcp__beta__fresh', arguments: {} })).toEqual({
      status: 'success',
      output: 'fresh ran',
      display: { summary: 'fresh ran' },
    });
  });

  it('passes the core conformance checks', async () => {
    const tools = mcp.tools.list().filter((tool) => tool.definition.name.startsWith('mcp__alpha__'));
    expect(await checkToolConformance(tools)).toEqual([]);
  });

  it('marks a server that dies mid-call as error; its tools fail cleanly and the others keep working', async () => {
    const died = await mcp.surface.executor.execute({ id: 'c', name: 'mcp__beta__die', arguments: {} });
    const reason =
      'the server closed the connection (it exited or crashed); stderr: fixture: sleep started\nfixture: sleep cancelled\nfixture: dying now';
    expect(died).toEqual({
      status: 'failure',
      error: {
        code: 'mcp_server_unavailable',
        message: `MCP server "beta" is unavailable: ${reason}. Its tools cannot run until the host restarts it.`,
      },
    });
    expect(mcp.status()[1]).toMatchObject({ state: 'error', reason });
    expect(
      await mcp.surface.executor.execute({ id: 'c', name: 'mcp__beta__search', arguments: { query: 'x' } }),
    ).toEqual({
      status: 'failure',
      error: {
        code: 'mcp_server_unavailable',
        message: `MCP server "beta" is unavailable: ${mcp.status()[1]!.reason}. Its tools cannot run until the host restarts it.`,
      },
    });
    expect(
      await mcp.surface.executor.execute({ id: 'c', name: 'mcp__alpha__search', arguments: { query: 'x' } }),
    ).toEqual({
      status: 'success',
      output: 'alpha: results for x (limit 10)',
      display: { summary: 'alpha: results for x (limit 10)' },
    });
  });
});

describe('createMcpTools with a server that sends what the SDK server would not', () => {
  let mcp: McpTools;
  beforeAll(async () => {
    mcp = await createMcpTools({ servers: { raw: rawServer('odd') }, connectTimeoutMs: 20_000 });
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it('skips a listed tool that is not a valid MCP tool, with the reason, and keeps the others', () => {
    expect(mcp.status()).toEqual([
      {
        server: 'raw',
        transport: 'stdio',
        state: 'connected',
        serverInfo: { name: 'raw', version: '0.0.1' },
        tools: ['mcp__raw__echo', 'mcp__raw__huge'],
        skippedTools: [
          { originalName: 'bad', reason: 'its inputSchema is not a JSON Schema of type "object"' },
          {
            originalName: '#3 (no name)',
            reason: 'name: Invalid input: expected string, received undefined',
          },
        ],
        changedTools: [],
      },
    ]);
  });

  it('fails a call whose answer is over the 10 MiB message limit with mcp_result_too_large, and stays connected', async () => {
    expect(await mcp.surface.executor.execute({ id: 'c', name: 'mcp__raw__huge', arguments: {} })).toEqual({
      status: 'failure',
      error: {
        code: 'mcp_result_too_large',
        message: `MCP server "raw" could not deliver its answer to huge: the server's message is ${60 * 1024 * 1024 + 73} bytes, over the 10 MiB limit of one MCP message. Ask for less (a narrower query, a smaller page).`,
      },
    });
    expect(mcp.status()[0]?.state).toBe('connected');
    expect(
      await mcp.surface.executor.execute({
        id: 'd',
        name: 'mcp__raw__echo',
        arguments: { text: 'still here' },
      }),
    ).toEqual({ status: 'success', output: 'still here', display: { summary: 'still here' } });
  });
});

describe('createMcpTools timeouts and lifecycle', () => {
  it('gives up on a server that hangs on initialize, within connectTimeoutMs', async () => {
    // Alone: with a short timeout, a healthy server on a loaded machine could miss it too.
    const mcp = await createMcpTools({ servers: { hung: fixtureServer('hang') }, connectTimeoutMs: 1500 });
    try {
      expect(mcp.status()).toEqual([
        {
          server: 'hung',
          transport: 'stdio',
          state: 'error',
          reason: expect.stringMatching(/^did not finish starting within 1500 ms/),
          tools: [],
          skippedTools: [],
          changedTools: [],
        },
      ]);
      expect(mcp.tools.list()).toEqual([]);
    } finally {
      await mcp.close();
    }
  });

  it('reports a server whose command does not exist', async () => {
    const mcp = await createMcpTools({
      servers: {
        ghost: { type: 'stdio', command: 'toolgate-no-such-command', args: [], env: {}, disabled: false },
      },
    });
    expect(mcp.status()).toEqual([
      {
        server: 'ghost',
        transport: 'stdio',
        state: 'error',
        reason: 'failed to start: spawn toolgate-no-such-command ENOENT',
        tools: [],
        skippedTools: [],
        changedTools: [],
      },
    ]);
    expect(mcp.tools.list()).toEqual([]);
    await mcp.close();
  });

  it('cancels a call that outlives callTimeoutMs with mcp_timeout', async () => {
    const mcp = await createMcpTools({ servers: { s: fixtureServer() }, callTimeoutMs: 300 });
    try {
      expect(
        await mcp.surface.executor.execute({ id: 'c', name: 'mcp__s__sleep', arguments: { ms: 20_000 } }),
      ).toEqual({
        status: 'failure',
        error: {
          code: 'mcp_timeout',
          message: 'MCP server "s" did not answer sleep within 300 ms; the call was cancelled.',
        },
      });
    } finally {
      await mcp.close();
    }
  });

  it('stops its servers on close; their tools then fail with mcp_server_unavailable', async () => {
    const mcp = await createMcpTools({ servers: { s: fixtureServer() } });
    await mcp.close();
    await mcp.close();
    expect(mcp.status()[0]).toMatchObject({ state: 'error', reason: 'closed by the host' });
    expect(
      await mcp.surface.executor.execute({ id: 'c', name: 'mcp__s__search', arguments: { query: 'x' } }),
    ).toEqual({
      status: 'failure',
      error: {
        code: 'mcp_server_unavailable',
        message:
          'MCP server "s" is unavailable: closed by the host. Its tools cannot run until the host restarts it.',
      },
    });
  });

  it('starts stdio servers in cwd (a relative one resolved against it) with only the configured env', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'toolgate-mcp-cwd-'));
    await mkdir(join(directory, 'sub'));
    process.env.TOOLGATE_TEST_SECRET = 'host-only';
    const mcp = await createMcpTools({
      servers: {
        top: fixtureServer('normal', { FIXTURE_LABEL: 'top' }),
        nested: { ...fixtureServer(), cwd: 'sub' },
      },
      cwd: directory,
    });
    try {
      const where = async (server: string) => {
        const result = await mcp.surface.executor.execute({
          id: 'c',
          name: `mcp__${server}__where`,
          arguments: {},
        });
        return result.status === 'success' ? JSON.parse(result.output as string) : result;
      };
      const real = await realpath(directory);
      expect(await where('top')).toEqual({ cwd: real, label: 'top', secret: null });
      expect(await where('nested')).toEqual({ cwd: join(real, 'sub'), label: null, secret: null });
    } finally {
      delete process.env.TOOLGATE_TEST_SECRET;
      await mcp.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('refuses invalid options with InvalidOptionsError', async () => {
    await expect(createMcpTools({ servers: {}, callTimeoutMs: 0 })).rejects.toBeInstanceOf(
      InvalidOptionsError,
    );
  });
});
