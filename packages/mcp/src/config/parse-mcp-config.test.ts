// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are .mcp.json values with ${VAR} placeholders
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidOptionsError, ToolgateError } from '@toolgate/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMcpConfig } from './load-mcp-config.js';
import { parseMcpConfig } from './parse-mcp-config.js';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(ToolgateError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(InvalidOptionsError);
    return (error as Error).message;
  }
  throw new Error('expected a throw');
}

describe('parseMcpConfig', () => {
  it('normalises stdio, http and sse servers and infers the type', () => {
    const config = parseMcpConfig(
      {
        mcpServers: {
          files: { command: 'npx', args: ['-y', 'server'], env: { A: '1' }, cwd: 'sub' },
          remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } },
          legacy: { type: 'sse', url: 'http://localhost:3001/sse' },
          streamable: { type: 'streamable-http', url: 'http://localhost:3002/mcp' },
          off: { type: 'stdio', command: 'x', disabled: true, description: 'ignored', autoApprove: [] },
        },
      },
      { env: {} },
    );
    expect(config).toEqual({
      mcpServers: {
        files: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', 'server'],
          env: { A: '1' },
          cwd: 'sub',
          disabled: false,
        },
        remote: {
          type: 'http',
          url: 'https://example.com/mcp',
          headers: { Authorization: 'Bearer x' },
          disabled: false,
        },
        legacy: { type: 'sse', url: 'http://localhost:3001/sse', headers: {}, disabled: false },
        streamable: { type: 'http', url: 'http://localhost:3002/mcp', headers: {}, disabled: false },
        off: { type: 'stdio', command: 'x', args: [], env: {}, disabled: true },
      },
    });
  });

  it('expands ${VAR} and ${VAR:-default} in every string', () => {
    const config = parseMcpConfig(
      {
        mcpServers: {
          s: {
            command: '${BIN}',
            args: ['--root=${ROOT:-/srv}', '${EMPTY:-fallback}'],
            env: { TOKEN: '${TOKEN}' },
            cwd: '${HOME}/work',
          },
          h: { url: 'https://${HOST:-example.com}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
        },
      },
      { env: { BIN: 'node', TOKEN: 't0k', HOME: '/home/u', EMPTY: '' } },
    );
    expect(config.mcpServers).toEqual({
      s: {
        type: 'stdio',
        command: 'node',
        args: ['--root=/srv', 'fallback'],
        env: { TOKEN: 't0k' },
        cwd: '/home/u/work',
        disabled: false,
      },
      h: {
        type: 'http',
        url: 'https://example.com/mcp',
        headers: { Authorization: 'Bearer t0k' },
        disabled: false,
      },
    });
  });

  it('names the server, the key and the variable when a variable is unset', () => {
    expect(
      messageOf(() =>
        parseMcpConfig({ mcpServers: { gh: { url: 'https://x', headers: { A: '${NOPE}' } } } }, { env: {} }),
      ),
    ).toBe(
      'Invalid MCP config .mcp.json: mcpServers.gh.headers.A: environment variable NOPE is not set (write ${NOPE:-default} to give a default).',
    );
  });

  it('reports a typo in a key with a did-you-mean hint, naming the server', () => {
    expect(
      messageOf(() =>
        parseMcpConfig(
          { mcpServers: { github: { comand: 'gh-mcp', args: [] } } },
          { source: '/repo/.mcp.json' },
        ),
      ),
    ).toBe(
      'Invalid MCP config /repo/.mcp.json: mcpServers.github.comand: unknown key (did you mean "command"?); mcpServers.github: needs either "command" (a stdio server) or "url" (an http or sse server).',
    );
  });

  it('reports wrong types, quoting the value, and every problem at once', () => {
    expect(
      messageOf(() =>
        parseMcpConfig({
          mcpServers: {
            a: { command: 5, args: 'x' },
            b: { type: 'http', url: 'ftp://host' },
            c: { type: 'websocket', url: 'ws://x' },
            d: { command: 'x', url: 'http://y' },
            e: [],
          },
        }),
      ),
    ).toBe(
      'Invalid MCP config .mcp.json: mcpServers.a.command: expected string, got number 5; ' +
        'mcpServers.a.args: expected array, got string "x"; ' +
        'mcpServers.b.url: expected an http:// or https:// URL, got "ftp://host"; ' +
        'mcpServers.c.type: invalid option: expected one of "stdio"|"http"|"sse"|"streamable-http"|"streamableHttp", got string "websocket"; ' +
        'mcpServers.d.url: not allowed for a stdio server; ' +
        'mcpServers.e: expected an object, got array [].',
    );
  });

  it('refuses a value that is not a config object, and accepts one without servers', () => {
    expect(messageOf(() => parseMcpConfig([]))).toBe(
      'Invalid MCP config .mcp.json: expected an object with "mcpServers", got array [].',
    );
    expect(messageOf(() => parseMcpConfig({ mcpServers: 'x' }))).toBe(
      'Invalid MCP config .mcp.json: mcpServers: expected an object of servers by name, got string "x".',
    );
    expect(parseMcpConfig({})).toEqual({ mcpServers: {} });
  });
});

describe('loadMcpConfig', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'toolgate-mcp-config-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reads and validates a file, expanding variables from the given env', async () => {
    const file = join(directory, '.mcp.json');
    await writeFile(file, JSON.stringify({ mcpServers: { s: { command: 'node', args: ['${SCRIPT}'] } } }));
    expect(await loadMcpConfig(file, { env: { SCRIPT: 'a.js' } })).toEqual({
      mcpServers: { s: { type: 'stdio', command: 'node', args: ['a.js'], env: {}, disabled: false } },
    });
  });

  it('throws InvalidOptionsError for a missing file, invalid JSON and an invalid config', async () => {
    const missing = join(directory, 'missing.json');
    await expect(loadMcpConfig(missing)).rejects.toThrow(
      new InvalidOptionsError(`MCP config ${missing} does not exist.`),
    );
    const broken = join(directory, 'broken.json');
    await writeFile(broken, '{"mcpServers": {');
    await expect(loadMcpConfig(broken)).rejects.toBeInstanceOf(InvalidOptionsError);
    await expect(loadMcpConfig(broken)).rejects.toThrow(/^MCP config .*broken\.json is not valid JSON: /);
    const typo = join(directory, 'typo.json');
    await writeFile(typo, JSON.stringify({ mcpServers: { s: { command: 'x', argz: [] } } }));
    await expect(loadMcpConfig(typo)).rejects.toThrow(
      `Invalid MCP config ${typo}: mcpServers.s.argz: unknown key (did you mean "args"?).`,
    );
  });
});

describe('per-server limits and OAuth settings', () => {
  it('reads startupTimeoutMs/toolTimeoutMs, Codex seconds as aliases, and an oauth block', () => {
    const config = parseMcpConfig(
      {
        mcpServers: {
          slow: { command: 'npx', args: ['-y', 'x'], startupTimeoutMs: 60_000, toolTimeoutMs: 5000 },
          codex: { command: 'x', startup_timeout_sec: 30, tool_timeout_sec: 0.5 },
          remote: {
            url: 'https://example.com/mcp',
            oauth: { clientId: 'c', clientSecret: '${SECRET}', scope: 'read' },
          },
        },
      },
      { env: { SECRET: 's3' } },
    );
    expect(config.mcpServers.slow).toMatchObject({ startupTimeoutMs: 60_000, toolTimeoutMs: 5000 });
    expect(config.mcpServers.codex).toMatchObject({ startupTimeoutMs: 30_000, toolTimeoutMs: 500 });
    expect(config.mcpServers.remote).toMatchObject({
      oauth: { clientId: 'c', clientSecret: 's3', scope: 'read' },
    });
  });

  it('refuses both spellings at once, non-positive limits, oauth on stdio and an http client metadata URL', () => {
    const message = messageOf(() =>
      parseMcpConfig(
        {
          mcpServers: {
            both: { command: 'x', startupTimeoutMs: 1000, startup_timeout_sec: 1 },
            zero: { command: 'x', toolTimeoutMs: 0 },
            local: { command: 'x', oauth: { clientId: 'c' } },
            plain: {
              url: 'https://example.com/mcp',
              oauth: { clientMetadataUrl: 'http://example.com/client.json' },
            },
          },
        },
        { env: {} },
      ),
    );
    expect(message).toContain(
      'mcpServers.both: give either "startupTimeoutMs" or "startup_timeout_sec", not both',
    );
    expect(message).toContain('mcpServers.zero.toolTimeoutMs');
    expect(message).toContain('mcpServers.local.oauth: not allowed for a stdio server');
    expect(message).toContain('mcpServers.plain.oauth.clientMetadataUrl');
  });
});
