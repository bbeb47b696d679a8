import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import { SandboxRequiredError } from '../sandbox/sandbox-required-error.js';
import { openHostSession } from './open-host-session.js';

let directory: string;
let root: string;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-front-door-')));
  root = join(directory, 'repo');
  await mkdir(root);
  await writeFile(join(root, 'notes.txt'), 'one\ntwo\n');
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The settings of a named (so trusted) config file, and optionally an MCP servers file. */
async function settingsOf(config: object, mcpServers?: object) {
  const configFile = join(directory, 'toolgate.config.json');
  await writeFile(configFile, JSON.stringify(config));
  let mcpConfigFile: string | undefined;
  if (mcpServers) {
    mcpConfigFile = join(directory, 'mcp.json');
    await writeFile(mcpConfigFile, JSON.stringify({ mcpServers }));
  }
  return resolveSessionSettings({
    root,
    env: { XDG_CONFIG_HOME: join(directory, 'config-home') },
    configFile,
    ...(mcpConfigFile ? { mcpConfigFile } : {}),
    notice: () => {},
  });
}

const common = { answeredBy: 'test', env: {}, notice: () => {} };

async function auditLines(): Promise<object[]> {
  const text = await readFile(join(root, 'audit.jsonl'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const { tool, status, decidedBy, answeredBy, rejectedBy } = JSON.parse(line);
      return { tool, status, decidedBy, answeredBy, rejectedBy };
    });
}

describe('openHostSession', () => {
  it('gives a call the rules, the hooks and an audit log that hears the calls itself', async () => {
    await mkdir(join(root, 'secret'));
    await writeFile(join(root, 'secret', 'key.txt'), 'k');
    const settings = await settingsOf({
      audit: 'audit.jsonl',
      hooks: { preToolUse: [{ command: 'cat > pre.json' }] },
      permissions: { deny: ['write_file(secret/**)'] },
    });
    const session = await openHostSession(settings, {
      ...common,
      purpose: { kind: 'call', tool: 'read_file' },
    });
    const read = await session.surface.executor.execute({
      id: 'c1',
      name: 'read_file',
      arguments: { path: 'notes.txt' },
    });
    const denied = await session.surface.executor.execute({
      id: 'c2',
      name: 'write_file',
      arguments: { path: 'secret/key.txt', content: 'x' },
    });
    expect(await session.close()).toEqual({ stoppedProcesses: 0 });
    expect({ read: read.status, denied: denied.status === 'rejected' && denied.by }).toEqual({
      read: 'success',
      denied: 'rule',
    });
    expect(JSON.parse(await readFile(join(root, 'pre.json'), 'utf8'))).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'write_file',
    });
    expect(await auditLines()).toEqual([
      {
        tool: 'read_file',
        status: 'success',
        decidedBy: 'mode',
        answeredBy: undefined,
        rejectedBy: undefined,
      },
      {
        tool: 'write_file',
        status: 'rejected',
        decidedBy: 'rule',
        answeredBy: undefined,
        rejectedBy: 'rule',
      },
    ]);
  });

  it('fails closed: without an approver a call that asks is rejected and nothing runs', async () => {
    const settings = await settingsOf({ approval: 'manual' });
    const session = await openHostSession(settings, {
      ...common,
      purpose: { kind: 'call', tool: 'write_file' },
    });
    const result = await session.surface.executor.execute({
      id: 'c1',
      name: 'write_file',
      arguments: { path: 'new.txt', content: 'x' },
    });
    await session.close();
    expect({ status: result.status, written: existsSync(join(root, 'new.txt')) }).toEqual({
      status: 'rejected',
      written: false,
    });
  });

  it('starts the MCP servers for a call only when no tool of the session has its name', async () => {
    const marker = join(directory, 'server-started');
    const settings = await settingsOf(
      {},
      { docs: { command: 'sh', args: ['-c', `touch ${JSON.stringify(marker)}; exit 1`] } },
    );
    const builtIn = await openHostSession(settings, {
      ...common,
      purpose: { kind: 'call', tool: 'read_file' },
    });
    await builtIn.close();
    const started = existsSync(marker);
    const other = await openHostSession(settings, {
      ...common,
      purpose: { kind: 'call', tool: 'mcp__docs__search' },
    });
    const status = other.mcpStatus().length;
    await other.close();
    expect({ forBuiltIn: started, forOther: existsSync(marker), status }).toEqual({
      forBuiltIn: false,
      forOther: true,
      status: 1,
    });
  });

  it('tries the sandbox only for a tool that declares it runs commands', async () => {
    // A required sandbox that cannot be had: whoever tries it fails closed.
    const settings = await settingsOf({ sandbox: { mode: 'danger-full-access', required: true } });
    const read = await openHostSession(settings, { ...common, purpose: { kind: 'call', tool: 'read_file' } });
    await read.close();
    const listing = await openHostSession(settings, { ...common, purpose: { kind: 'list' } });
    const names = listing.tools.list().map((tool) => tool.definition.name);
    const delegates = listing.delegates.map((tool) => tool.definition.name);
    await listing.close();
    expect({ names: names.includes('bash'), delegates }).toEqual({
      names: true,
      delegates: ['delegate_explore', 'delegate_plan', 'delegate_general'],
    });
    await expect(
      openHostSession(settings, { ...common, purpose: { kind: 'call', tool: 'bash' } }),
    ).rejects.toThrow(SandboxRequiredError);
    await expect(openHostSession(settings, { ...common, purpose: { kind: 'serve' } })).rejects.toThrow(
      SandboxRequiredError,
    );
  });

  it('releases what it opened when opening fails half-way', async () => {
    const aborted = join(directory, 'module-heard-the-end');
    const tool = `{ definition: { name: 'twice', description: 'd', inputSchema: { type: 'object' } }, parseArguments: (value) => ({ ok: true, value }), execute: async () => ({ status: 'success', output: '' }) }`;
    const first = join(directory, 'first.mjs');
    await writeFile(
      first,
      `import { writeFileSync } from 'node:fs';
       export default (context) => {
         context.signal.addEventListener('abort', () => writeFileSync(${JSON.stringify(aborted)}, 'ended'));
         return { tools: [${tool}] };
       };`,
    );
    // Both modules load; then their tools' names clash, after the first started listening.
    const second = join(directory, 'second.mjs');
    await writeFile(second, `export default () => ({ tools: [${tool}] });`);
    const settings = await settingsOf({ audit: 'audit.jsonl', tools: { modules: [first, second] } });
    await expect(
      openHostSession(settings, { ...common, purpose: { kind: 'call', tool: 'read_file' } }),
    ).rejects.toThrow('is also defined by tool module');
    expect(await readFile(aborted, 'utf8')).toBe('ended');
  });

  it('runs an agent turn whose events the audit log hears, with the mode read at every call', async () => {
    const server = await startFakeModelServer();
    try {
      server.reply(
        { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }] },
        { text: 'done' },
      );
      const settings = await settingsOf({ audit: 'audit.jsonl' });
      let mode: 'safe' | 'manual' = 'manual';
      const session = await openHostSession(settings, {
        ...common,
        env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
        purpose: { kind: 'agent' },
        mode: () => mode,
      });
      mode = 'safe';
      const turn = session.prompt('read the notes');
      const types: string[] = [];
      for await (const event of turn) types.push(event.type);
      const result = await turn.result;
      const listed = session.tools.get('read_file') !== undefined;
      await session.close();
      expect({ stop: result.stopReason, listed, ended: types.includes('tool-result') }).toEqual({
        stop: 'completed',
        listed: true,
        ended: true,
      });
      expect(await auditLines()).toEqual([
        {
          tool: 'read_file',
          status: 'success',
          decidedBy: 'mode',
          answeredBy: undefined,
          rejectedBy: undefined,
        },
      ]);
    } finally {
      await server.close();
    }
  });

  it('audits the turn of a host that only awaits its result', async () => {
    const server = await startFakeModelServer();
    try {
      server.reply(
        { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }] },
        { text: 'done' },
      );
      const settings = await settingsOf({ audit: 'audit.jsonl' });
      const session = await openHostSession(settings, {
        ...common,
        env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
        purpose: { kind: 'agent' },
      });
      const { stopReason } = await session.prompt('read the notes').result;
      await session.close();
      expect({ stopReason, audit: await auditLines() }).toEqual({
        stopReason: 'completed',
        audit: [
          {
            tool: 'read_file',
            status: 'success',
            decidedBy: 'mode',
            answeredBy: undefined,
            rejectedBy: undefined,
          },
        ],
      });
    } finally {
      await server.close();
    }
  });
});

describe('openHostSession budgets', () => {
  it('holds a call session to the calls per tool per minute, and an agent to its calls per turn', async () => {
    const settings = await settingsOf({ limits: { maxCallsPerToolPerMinute: 1, maxToolCallsPerTurn: 1 } });
    const tools = await openHostSession(settings, { ...common, purpose: { kind: 'serve' } });
    const read = (id: string) =>
      tools.surface.executor.execute({ id, name: 'read_file', arguments: { path: 'notes.txt' } });
    const [first, second] = [await read('r1'), await read('r2')];
    await tools.close();
    expect([first.status, second.status === 'failure' && second.error.code]).toEqual([
      'success',
      'rate_limited',
    ]);
    const server = await startFakeModelServer();
    try {
      server.reply(
        {
          toolCalls: [
            { name: 'read_file', arguments: { path: 'notes.txt' } },
            { name: 'glob', arguments: { pattern: '*' } },
          ],
        },
        { text: 'never' },
      );
      const agent = await openHostSession(settings, {
        ...common,
        env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
        purpose: { kind: 'agent' },
      });
      const result = await agent.prompt('read').result;
      await agent.close();
      expect({
        stopReason: result.stopReason,
        budget: result.budget,
        requests: server.requests.length,
      }).toEqual({
        stopReason: 'budget_exhausted',
        budget: '1 tool call per turn (limits.maxToolCallsPerTurn)',
        requests: 1,
      });
    } finally {
      await server.close();
    }
  });
});
