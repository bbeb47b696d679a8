import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import { openHostSession } from '../session/open-host-session.js';

let directory: string;
let root: string;
let stateHome: string;
let env: Record<string, string>;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-spill-')));
  root = join(directory, 'repo');
  stateHome = join(directory, 'state');
  await mkdir(root);
  env = {
    XDG_CONFIG_HOME: join(directory, 'config-home'),
    XDG_STATE_HOME: stateHome,
    PATH: process.env.PATH ?? '',
  };
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

// The MCP package's fixture server, run as a real process.
const FIXTURE_SERVER = fileURLToPath(
  new URL('../../../mcp/src/test-support/fixtures/fixture-server.mjs', import.meta.url),
);

async function open(config: object, sessionId: string, mcp = false) {
  const configFile = join(directory, 'toolgate.config.json');
  await writeFile(configFile, JSON.stringify({ sandbox: { mode: 'danger-full-access' }, ...config }));
  const mcpConfigFile = join(directory, 'mcp.json');
  if (mcp) {
    const notes = { command: process.execPath, args: [FIXTURE_SERVER] };
    await writeFile(mcpConfigFile, JSON.stringify({ mcpServers: { notes } }));
  }
  const settings = await resolveSessionSettings({
    root,
    env,
    configFile,
    ...(mcp ? { mcpConfigFile } : {}),
    notice: () => {},
  });
  return openHostSession(settings, {
    answeredBy: 'test',
    env,
    notice: () => {},
    mode: () => 'auto',
    sessionId,
    purpose: { kind: 'serve' },
  });
}

type Session = Awaited<ReturnType<typeof open>>;

async function call(session: Session, name: string, args: Record<string, unknown>) {
  return session.surface.executor.execute({ id: `c-${name}`, name, arguments: args });
}

function outputOf(result: Awaited<ReturnType<typeof call>>): Record<string, unknown> {
  if (result.status !== 'success')
    throw new Error(`expected success, got ${JSON.stringify(result).slice(0, 400)}`);
  return result.output as Record<string, unknown>;
}

const SPILLED = /the whole output \((\d+) bytes\) is in (\S+); read it in ranges with read_file/;

describe('spilled outputs', () => {
  it('keeps every byte of seq 1 2000000 in a 0600 file the session reads in ranges', async () => {
    const session = await open({}, 'spill-a');
    try {
      const stdout = String(outputOf(await call(session, 'bash', { command: 'seq 1 2000000' })).stdout);
      expect(stdout.startsWith('1\n2\n3\n')).toBe(true);
      expect(stdout.endsWith('1999999\n2000000\n')).toBe(true);
      const [, bytes, path] = stdout.match(SPILLED) ?? [];
      const expected = spawnSync('seq', ['1', '2000000'], { maxBuffer: 64 * 1024 * 1024 }).stdout;
      expect(Number(bytes)).toBe(expected.length);
      const spillDir = join(stateHome, 'toolgate', 'sessions', 'spill-a', 'spill');
      expect(path!.startsWith(`${spillDir}/`)).toBe(true);
      const file = await readFile(path!);
      expect(createHash('sha256').update(file).digest('hex')).toBe(
        createHash('sha256').update(expected).digest('hex'),
      );
      expect((await stat(path!)).mode & 0o777).toBe(0o600);
      expect((await stat(spillDir)).mode & 0o777).toBe(0o700);

      const middle = outputOf(
        await call(session, 'read_file', { path, startLine: 1000000, endLine: 1000002 }),
      );
      expect(String(middle.content)).toContain('1000000');
      expect(String(middle.content)).toContain('1000002');
      expect(String(middle.content)).not.toContain('1000003');

      // No tool writes it; bash cannot overwrite it through write_file or edit.
      const write = await call(session, 'write_file', { path, content: 'x' });
      expect(write.status === 'failure' && write.error.code).toBe('path_outside_workspace');
      expect(
        createHash('sha256')
          .update(await readFile(path!))
          .digest('hex'),
      ).toBe(createHash('sha256').update(expected).digest('hex'));
    } finally {
      await session.close();
    }
  });

  it('reaches nothing else of the state directory: other sessions, other files, symlinks, ..', async () => {
    const sessions = join(stateHome, 'toolgate', 'sessions');
    await mkdir(join(sessions, 'other', 'spill'), { recursive: true });
    await writeFile(join(sessions, 'other', 'spill', '1-bash-stdout.txt'), 'theirs\n');
    await mkdir(join(sessions, 'spill-b', 'checkpoints'), { recursive: true });
    await writeFile(join(sessions, 'spill-b', 'checkpoints', 'state.json'), '{}\n');
    await writeFile(join(stateHome, 'toolgate', 'tokens.json'), '{}\n');
    // Even with reads and writes allowed outside the workspace, only the session's own spill is read.
    const session = await open({ workspace: { allowOutsideWorkspace: true } }, 'spill-b');
    try {
      const stdout = String(outputOf(await call(session, 'bash', { command: 'seq 1 200000' })).stdout);
      const path = stdout.match(SPILLED)![2]!;
      const mine = join(sessions, 'spill-b', 'spill');
      // A symlink into the spill directory, in the workspace and inside the spill directory itself.
      await symlink(path, join(root, 'link.txt'));
      await symlink(join(sessions, 'other', 'spill', '1-bash-stdout.txt'), join(mine, 'escape.txt'));
      const refused = [
        join(sessions, 'other', 'spill', '1-bash-stdout.txt'),
        join(sessions, 'spill-b', 'checkpoints', 'state.json'),
        join(stateHome, 'toolgate', 'tokens.json'),
        `${mine}/../checkpoints/state.json`,
        `${mine}/../../other/spill/1-bash-stdout.txt`,
        'link.txt',
        join(mine, 'escape.txt'),
      ];
      for (const target of refused) {
        const result = await call(session, 'read_file', { path: target });
        const code = result.status === 'failure' ? result.error.code : result.status;
        expect({ target, refused: ['path_protected', 'path_outside_workspace'].includes(code) }).toEqual({
          target,
          refused: true,
        });
      }
      const write = await call(session, 'write_file', { path, content: 'x' });
      expect(write.status === 'failure' && write.error.code).toBe('path_protected');
      // grep and glob do not walk into it either.
      const grep = await call(session, 'grep', { pattern: '100000', path: mine });
      expect(grep.status).toBe('failure');
      expect(
        outputOf(await call(session, 'read_file', { path, startLine: 1, endLine: 1 })).content,
      ).toContain('1');
    } finally {
      await session.close();
    }
  });

  it('is not exposed to bash in the sandbox', async (context) => {
    const session = await open({ sandbox: { mode: 'workspace-write' } }, 'spill-e');
    try {
      const first = outputOf(await call(session, 'bash', { command: 'seq 1 200000' }));
      if (first.executionEnvironment !== 'sandbox') context.skip(); // no bubblewrap on this machine
      const path = String(first.stdout).match(SPILLED)![2]!;
      const read = outputOf(await call(session, 'bash', { command: `cat '${path}' | head -1` }));
      expect(read.stdout).toBe('');
      const write = outputOf(await call(session, 'bash', { command: `echo x > '${path}'` }));
      expect(write.exitCode).not.toBe(0);
      expect((await readFile(path)).subarray(0, 7).toString()).toBe('1\n2\n3\n4');
    } finally {
      await session.close();
    }
  });

  it('cuts and says so once the session disk cap is reached', async () => {
    const session = await open({ limits: { spillBytesPerSession: 2_000_000 } }, 'spill-c');
    try {
      // 1 2000000 is ~14.9 MB: over the cap, so it is cut as before, with a note.
      const stdout = String(outputOf(await call(session, 'bash', { command: 'seq 1 2000000' })).stdout);
      expect(stdout).toMatch(/truncated \d+ bytes/);
      expect(stdout).toContain('2000000-byte disk cap (limits.spillBytesPerSession)');
      expect(stdout).not.toMatch(SPILLED);
      const spillDir = join(stateHome, 'toolgate', 'sessions', 'spill-c', 'spill');
      expect(await readdir(spillDir)).toEqual([]);
      // A smaller output still fits under the cap.
      const small = String(outputOf(await call(session, 'bash', { command: 'seq 1 200000' })).stdout);
      expect(small).toMatch(SPILLED);
    } finally {
      await session.close();
    }
  });

  it('keeps an MCP result over its cap whole too', async () => {
    const session = await open({}, 'spill-f', true);
    try {
      await session.mcpReady;
      const query = `${'q'.repeat(60_000)}MIDDLE${'r'.repeat(90_000)}`;
      const result = outputOf(await call(session, 'mcp__notes__search', { query }));
      const text = typeof result === 'string' ? result : String(result.text ?? result);
      expect(text.startsWith('fixture: results for qqq')).toBe(true);
      expect(text.endsWith('rrr (limit 10)')).toBe(true);
      expect(text).not.toContain('MIDDLE');
      const path = text.match(SPILLED)![2]!;
      expect(await readFile(path, 'utf8')).toBe(`fixture: results for ${query} (limit 10)`);
      const read = outputOf(await call(session, 'read_file', { path }));
      expect(String(read.content).includes('fixture: results for qqq')).toBe(true);
    } finally {
      await session.close();
    }
  });

  it('lets an agent read the middle of its own spilled output', async () => {
    const server = await startFakeModelServer();
    const configFile = join(directory, 'toolgate.config.json');
    await writeFile(configFile, JSON.stringify({ sandbox: { mode: 'danger-full-access' } }));
    const settings = await resolveSessionSettings({ root, env, configFile, notice: () => {} });
    const path = join(stateHome, 'toolgate', 'sessions', 'agent-1', 'spill', '1-bash-stdout.txt');
    server.reply(
      { toolCalls: [{ name: 'bash', arguments: { command: 'seq 1 2000000' } }] },
      { toolCalls: [{ name: 'read_file', arguments: { path, startLine: 1000000, endLine: 1000001 } }] },
      { text: 'done' },
    );
    const session = await openHostSession(settings, {
      answeredBy: 'test',
      env: { ...env, TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
      notice: () => {},
      mode: () => 'auto',
      sessionId: 'agent-1',
      purpose: { kind: 'agent' },
    });
    try {
      const turn = session.prompt('count');
      const results: string[] = [];
      for await (const event of turn) if (event.type === 'tool-result') results.push(JSON.stringify(event));
      expect((await turn.result).stopReason).toBe('completed');
      expect(results).toHaveLength(2);
      expect(results[0]).toContain(path);
      expect(results[1]).toContain('1000000');
      expect(results[1]).toContain('1000001');
      expect(results[1]).not.toContain('1000002');
    } finally {
      await session.close();
      await server.close();
    }
  });

  it('writes nothing for an output under its cap', async () => {
    const session = await open({}, 'spill-d');
    try {
      const stdout = String(outputOf(await call(session, 'bash', { command: 'seq 1 10' })).stdout);
      expect(stdout).toBe('1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n');
    } finally {
      await session.close();
    }
    const sessions = join(stateHome, 'toolgate', 'sessions');
    await expect(stat(join(sessions, 'spill-d'))).rejects.toThrow();
  });
});
