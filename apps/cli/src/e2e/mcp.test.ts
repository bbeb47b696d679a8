import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { everythingServerEntry, loadMcpClientSdk, mcpFixtureScript } from './test-support/mcp-sdk.js';
import {
  BIN,
  cleanEnv,
  createTempWorkspace,
  E2E_OPTIONS,
  isAlive,
  runToolgate,
  SKIP_REASON,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  await writeFile(join(root, 'a.txt'), 'hello from the workspace\n');
});
afterEach(async () => {
  await workspace.dispose();
});

async function connect(args: string[], stderr?: (text: string) => void) {
  const { Client, StdioClientTransport } = loadMcpClientSdk();
  const client = new Client({ name: 'toolgate-e2e', version: '0.0.0' });
  const env = Object.fromEntries(
    Object.entries(cleanEnv()).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--cwd', root, ...args],
    env,
    stderr: 'pipe',
  });
  if (stderr) {
    (transport as { stderr: NodeJS.ReadableStream | null }).stderr?.on('data', (chunk: Buffer) =>
      stderr(chunk.toString()),
    );
  }
  await client.connect(transport);
  return client;
}

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate mcp, driven by the MCP SDK client ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('lists the built-in tools and calls read_file through the gated surface', async () => {
      const client = await connect(['--approval', 'auto']);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(BUILT_IN_NAMES);
        const result = await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } });
        expect(result.isError ?? false).toBe(false);
        expect(result.content[0]?.text).toContain('hello from the workspace');
      } finally {
        await client.close();
      }
    });

    it('refuses a call a permission rule denies, naming the rule and the config file', async () => {
      const rulesFile = join(root, 'rules.json');
      await writeFile(rulesFile, JSON.stringify({ permissions: { deny: ['bash(rm:*)'] } }));
      const client = await connect([
        '--approval',
        'auto',
        '--sandbox',
        'danger-full-access',
        '--config',
        rulesFile,
      ]);
      try {
        const result = await client.callTool({
          name: 'bash',
          arguments: { action: 'exec', command: 'echo x && rm a.txt' },
        });
        expect(result.isError).toBe(true);
        const text = (result.content as { text: string }[])[0]!.text;
        expect(text).toContain('TOOL_BLOCKED');
        expect(text).toContain(`bash(rm:*)\\" in ${rulesFile} matches \`rm a.txt\``);
        expect(existsSync(join(root, 'a.txt'))).toBe(true);
      } finally {
        await client.close();
      }
    });

    it('keeps processes a call started until the client leaves, then stops them', async () => {
      const client = await connect(['--approval', 'auto']);
      let pid = 0;
      try {
        const started = await client.callTool({
          name: 'bash',
          arguments: { action: 'start', command: 'exec sleep 30' },
        });
        const info = JSON.parse(started.content[0]?.text ?? '{}') as { processId: string; pid: number };
        pid = info.pid;
        const status = await client.callTool({
          name: 'bash',
          arguments: { action: 'status', processId: info.processId },
        });
        expect(JSON.parse(status.content[0]?.text ?? '{}')).toMatchObject({ status: 'RUNNING', pid });
        expect(isAlive(pid)).toBe(true);
      } finally {
        await client.close();
      }
      await waitForText(() => (isAlive(pid) ? '' : 'gone'), 'gone');
    });

    it('fails closed for a call that needs approval when the client cannot elicit', async () => {
      const client = await connect(['--approval', 'manual']);
      try {
        const result = await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } });
        expect(result.isError).toBe(true);
        expect(result.content.map((block) => block.text).join('\n')).toContain('[approval-rejected]');
      } finally {
        await client.close();
      }
    });

    it('serves each mode given with --approval: plan refuses writes and runs reads, accept-edits runs apply_patch, dont-ask refuses bash, all unasked', async () => {
      const text = (result: { content: unknown }) =>
        (result.content as { text?: string }[]).map((block) => block.text).join('\n');
      const patch = '*** Begin Patch\n*** Add File: added.txt\n+added\n*** End Patch\n';
      const plan = await connect(['--approval', 'plan']);
      try {
        const write = await plan.callTool({ name: 'write_file', arguments: { path: 'a.txt', content: 'x' } });
        expect(write.isError).toBe(true);
        expect(text(write)).toContain('[approval-rejected] plan mode: this call would change something');
        const read = await plan.callTool({ name: 'read_file', arguments: { path: 'a.txt' } });
        expect(read.isError ?? false).toBe(false);
      } finally {
        await plan.close();
      }
      const edits = await connect(['--approval', 'accept-edits']);
      try {
        const patched = await edits.callTool({ name: 'apply_patch', arguments: { patch } });
        expect(patched.isError ?? false).toBe(false);
      } finally {
        await edits.close();
      }
      const dontAsk = await connect(['--approval', 'dontAsk']);
      try {
        const refused = await dontAsk.callTool({
          name: 'bash',
          arguments: { action: 'exec', command: 'echo hi > b.txt' },
        });
        expect(refused.isError).toBe(true);
        expect(text(refused)).toContain(
          "[approval-rejected] dont-ask mode: this call would need a person's approval",
        );
      } finally {
        await dontAsk.close();
      }
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('hello from the workspace\n');
      expect(await readFile(join(root, 'added.txt'), 'utf8')).toBe('added\n');
      await expect(readFile(join(root, 'b.txt'))).rejects.toThrow(/ENOENT/);
    });
  },
);

describe.skipIf(SKIP_REASON !== undefined)(`toolgate mcp lifecycle ${SKIP_REASON ?? ''}`, E2E_OPTIONS, () => {
  it('exits 143 on SIGTERM, after closing the session', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '0' } },
    };
    const result = await runToolgate(['mcp', '--cwd', root, '--approval', 'auto'], {
      stdin: null,
      onSpawn: (child, output) => {
        child.stdin?.write(`${JSON.stringify(initialize)}\n`);
        void waitForText(output.stdout, '"result"').then(() => child.kill('SIGTERM'));
      },
    });
    expect(result.code).toBe(143);
    expect(JSON.parse(result.stdout.split('\n')[0]!)).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'toolgate' } },
    });
  });

  it('answers a request over the 10 MiB message limit with an error on stdout and a line on stderr, and keeps serving', async () => {
    const send = (message: object) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;
    const huge = {
      method: 'tools/call',
      params: { name: 'read_file', arguments: { path: 'x'.repeat(11 << 20) } },
      id: 2,
    };
    const result = await runToolgate(['mcp', '--cwd', root, '--approval', 'auto'], {
      stdin: null,
      onSpawn: (child, output) => {
        child.stdin?.write(
          send({
            id: 1,
            method: 'initialize',
            params: {
              protocolVersion: '2025-06-18',
              capabilities: {},
              clientInfo: { name: 'e2e', version: '0' },
            },
          }),
        );
        child.stdin?.write(send({ method: 'notifications/initialized' }));
        child.stdin?.write(send(huge));
        child.stdin?.write(
          send({ method: 'tools/call', params: { name: 'read_file', arguments: { path: 'a.txt' } }, id: 3 }),
        );
        void waitForText(output.stdout, '"id":3').then(() => child.stdin?.end());
      },
    });
    expect(result.code).toBe(0);
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number });
    const bytes = send(huge).length - 1;
    expect(answers.slice(1, 2)).toEqual([
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32600,
          message: `The request is ${bytes} bytes, over the 10 MiB limit of one MCP message; it was not read.`,
        },
      },
    ]);
    expect(answers[2]).toMatchObject({
      id: 3,
      result: { structuredContent: { content: 'hello from the workspace' } },
    });
    expect(result.stderr).toContain(
      `toolgate mcp: The request is ${bytes} bytes, over the 10 MiB limit of one MCP message; it was not read. (request id 2)\n`,
    );
  });

  it('exits 0 when its client leaves (stdin closes)', async () => {
    const result = await runToolgate(['mcp', '--cwd', root, '--approval', 'auto']);
    expect(result).toMatchObject({ code: 0, stdout: '' });
  });
});

describe.skipIf(SKIP_REASON !== undefined)(
  `MCP servers from .mcp.json ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('merges their tools as mcp__<server>__<tool> and calls one', async () => {
      // Trust refuses a script under a node_modules (installed package code, npm's own CLIs), so a
      // workspace names a launcher of its own outside one.
      const launcher = join(await mkdtemp(join(tmpdir(), 'toolgate-everything-')), 'everything.mjs');
      await writeFile(
        launcher,
        `await import(${JSON.stringify(pathToFileURL(everythingServerEntry()).href)});\n`,
      );
      await writeFile(
        join(root, '.mcp.json'),
        JSON.stringify({
          mcpServers: { everything: { command: process.execPath, args: [launcher, 'stdio'] } },
        }),
      );
      expect((await runToolgate(['trust', '--cwd', root])).code).toBe(0);
      const tools = await runToolgate(['tools', '--json', '--cwd', root]);
      expect(tools.code).toBe(0);
      const names = (JSON.parse(tools.stdout) as { name: string }[]).map((definition) => definition.name);
      expect(names.slice(0, BUILT_IN_NAMES.length)).toEqual(BUILT_IN_NAMES);
      expect(names).toContain('mcp__everything__echo');

      const echo = await runToolgate([
        'call',
        'mcp__everything__echo',
        '{"message":"hi"}',
        '--json',
        '--cwd',
        root,
        '--approval',
        'auto',
      ]);
      expect(echo.code).toBe(0);
      expect(JSON.parse(echo.stdout)).toMatchObject({ status: 'success' });
      expect(JSON.stringify(JSON.parse(echo.stdout).output)).toContain('hi');

      const ignored = await runToolgate(['tools', '--json', '--cwd', root, '--no-mcp']);
      expect(
        (JSON.parse(ignored.stdout) as { name: string }[])
          .map((definition) => definition.name)
          .filter((name) => !name.startsWith('delegate_')),
      ).toEqual(BUILT_IN_NAMES);
    });

    it('starts no MCP server for a call of a built-in tool', async () => {
      const pids = join(root, 'server.pids');
      await writeFile(
        join(root, 'servers.json'),
        JSON.stringify({
          mcpServers: {
            stuck: {
              command: process.execPath,
              args: [mcpFixtureScript('raw-server.mjs'), 'stuck'],
              env: { RAW_SERVER_PIDS: pids },
            },
          },
        }),
      );
      const result = await runToolgate([
        'call',
        'read_file',
        '{"path":"a.txt"}',
        '--json',
        '--cwd',
        root,
        '--mcp-config',
        join(root, 'servers.json'),
      ]);
      expect(result.code).toBe(0);
      expect(existsSync(pids)).toBe(false);
    });

    it('serves the built-in tools while a server still starts; its tools join once it connects', async () => {
      const pids = join(root, 'server.pids');
      await writeFile(
        join(root, 'servers.json'),
        JSON.stringify({
          mcpServers: {
            stuck: {
              command: process.execPath,
              args: [mcpFixtureScript('raw-server.mjs'), 'stuck'],
              env: { RAW_SERVER_PIDS: pids },
            },
            notes: { command: process.execPath, args: [mcpFixtureScript('fixture-server.mjs')] },
          },
        }),
      );
      let stderr = '';
      const client = await connect(
        ['--approval', 'auto', '--mcp-config', join(root, 'servers.json')],
        (text) => {
          stderr += text;
        },
      );
      let serverPids: number[] = [];
      try {
        const first = await client.listTools();
        // Answered before the hung server gave up (which would print its status line).
        expect(stderr).not.toContain('mcp server "stuck"');
        expect(first.tools.map((tool) => tool.name).slice(0, BUILT_IN_NAMES.length)).toEqual(BUILT_IN_NAMES);
        const read = await client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } });
        expect(read.content[0]?.text).toContain('hello from the workspace');
        await waitForText(() => (existsSync(pids) ? 'started' : ''), 'started');
        serverPids = (await readFile(pids, 'utf8')).split(' ').map(Number);
        let names: string[] = [];
        for (let attempt = 0; attempt < 400 && !names.includes('mcp__notes__search'); attempt++) {
          names = (await client.listTools()).tools.map((tool) => tool.name);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(names).toContain('mcp__notes__search');
      } finally {
        await client.close();
      }
      // The hung server and its child go when toolgate ends.
      await waitForText(() => (serverPids.some(isAlive) ? '' : 'gone'), 'gone');
    });

    it('exits 2 for a bad .mcp.json', async () => {
      await writeFile(join(root, '.mcp.json'), '{"mcpServers": {"x": {"command": 5}}}');
      // Trust refuses a file it cannot read as servers; named with --mcp-config it is an error.
      const trust = await runToolgate(['trust', '--cwd', root]);
      expect(trust.code).toBe(2);
      expect(trust.stderr).toContain('  - .mcp.json: Invalid MCP config .mcp.json: mcpServers.x.command');
      const result = await runToolgate(['tools', '--cwd', root, '--mcp-config', join(root, '.mcp.json')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(join(root, '.mcp.json'));
    });
  },
);

const BUILT_IN_NAMES = [
  'bash',
  'read_file',
  'write_file',
  'apply_patch',
  'glob',
  'grep',
  'edit',
  'update_agents_md',
];
