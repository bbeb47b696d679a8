import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { inspectWorkspaceConfig, loadUserConfig, writeUserConfig } from '@toolgate/host';
import { openBwrapSandbox } from '@toolgate/sandbox-bwrap';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const HOST = join(import.meta.dirname, 'host.mjs');
// The script imports @toolgate/host as a user's would: from its build.
const BUILT = existsSync(join(import.meta.dirname, '../../packages/host/dist/index.js'));
const SKIP_REASON = BUILT ? undefined : '(skipped: packages/host/dist is missing; run `pnpm build` first)';

let directory: string;
let root: string;
let userFile: string;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-host-script-')));
  root = join(directory, 'repo');
  await mkdir(join(directory, 'config', 'toolgate'), { recursive: true });
  await mkdir(root);
  await writeFile(join(root, 'notes.txt'), 'one\ntwo\n');
  await writeFile(join(root, 'secret.txt'), 'key\n');
  userFile = join(directory, 'config', 'toolgate', 'config.json');
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function userConfig(config: object): Promise<void> {
  await writeFile(userFile, JSON.stringify(config));
}

/** Runs the script host in the workspace with one request; its result parsed. */
function runHost(request: object, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; result: unknown; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [HOST], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: directory,
        XDG_CONFIG_HOME: join(directory, 'config'),
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, result: stdout === '' ? undefined : JSON.parse(stdout), stderr }),
    );
    child.stdin.end(JSON.stringify(request));
  });
}

const PATCH = '*** Begin Patch\n*** Add File: added.txt\n+added\n*** End Patch';

describe.skipIf(SKIP_REASON !== undefined)(`the script host ${SKIP_REASON ?? ''}`, () => {
  it("runs a call under the user's permission rules and hooks, and writes the audit log", async () => {
    const audit = join(directory, 'audit.jsonl');
    await userConfig({
      permissions: { deny: ['write_file(secret.txt)'] },
      hooks: { preToolUse: [{ command: 'cat > ../pre-hook.json' }] },
      audit,
    });
    const read = await runHost({ tool: 'read_file', arguments: { path: 'notes.txt' } });
    const denied = await runHost({ tool: 'write_file', arguments: { path: 'secret.txt', content: 'x' } });
    expect(read).toEqual({
      code: 0,
      result: {
        status: 'success',
        output: {
          path: 'notes.txt',
          content: 'one\ntwo',
          startLine: 1,
          endLine: 2,
          truncated: false,
          hasMore: false,
        },
        display: { summary: 'Read notes.txt (lines 1–2)', text: 'one\ntwo' },
      },
      stderr: '',
    });
    expect({ code: denied.code, status: (denied.result as { by?: string }).by }).toEqual({
      code: 0,
      status: 'rule',
    });
    const hook = JSON.parse(await readFile(join(directory, 'pre-hook.json'), 'utf8'));
    expect({ event: hook.hook_event_name, tool: hook.tool_name, input: hook.tool_input }).toEqual({
      event: 'PreToolUse',
      tool: 'write_file',
      input: { path: 'secret.txt', content: 'x' },
    });
    const lines = (await readFile(audit, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .map(({ tool, status, decidedBy }) => ({ tool, status, decidedBy }));
    expect(lines).toEqual([
      { tool: 'read_file', status: 'success', decidedBy: 'mode' },
      { tool: 'write_file', status: 'rejected', decidedBy: 'rule' },
    ]);
  });

  it("refuses what it cannot ask about, and loosens to the workspace's config only once it is trusted", async () => {
    await writeFile(join(root, 'toolgate.config.json'), JSON.stringify({ approval: 'auto' }));
    const untrusted = await runHost({ tool: 'apply_patch', arguments: { patch: PATCH } });
    expect({
      status: (untrusted.result as { status: string }).status,
      added: existsSync(join(root, 'added.txt')),
      notice: untrusted.stderr.includes(`toolgate trust --cwd ${root}`),
    }).toEqual({ status: 'rejected', added: false, notice: true });
    const user = await loadUserConfig(userFile);
    const { files } = await inspectWorkspaceConfig(root);
    await writeUserConfig(userFile, {
      ...user,
      trustedWorkspaces: [{ path: root, files, trustedAt: new Date().toISOString() }],
    });
    const trusted = await runHost({ tool: 'apply_patch', arguments: { patch: PATCH } });
    expect({
      status: (trusted.result as { status: string }).status,
      added: await readFile(join(root, 'added.txt'), 'utf8'),
    }).toEqual({
      status: 'success',
      added: 'added\n',
    });
  });

  it('runs bash in the sandbox: the workspace is writable, the rest is not', async (context) => {
    const probe = await openBwrapSandbox({ workspaceRoot: root, mode: 'workspace-write' });
    if (!probe.ok) context.skip(`bubblewrap cannot run here: ${probe.reason}`);
    const run = await runHost({
      tool: 'bash',
      arguments: { command: 'echo in > inside.txt; echo out > ../outside.txt' },
      allow: true,
    });
    expect({
      code: run.code,
      inside: await readFile(join(root, 'inside.txt'), 'utf8'),
      outside: existsSync(join(directory, 'outside.txt')),
    }).toEqual({ code: 0, inside: 'in\n', outside: false });
  });

  describe('with a model', () => {
    let server: FakeModelServer;
    beforeEach(async () => {
      server = await startFakeModelServer();
    });
    afterEach(async () => {
      await server.close();
    });

    it('offers the delegates: the model hands a task to explore and reads its answer', async () => {
      server.reply(
        { toolCalls: [{ name: 'delegate_explore', arguments: { task: 'What is in notes.txt?' } }] },
        { text: 'notes.txt holds two lines' },
        { text: 'Two lines.' },
      );
      const run = await runHost(
        { prompt: 'What is in notes.txt?', allow: true },
        { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
      );
      expect(run).toEqual({ code: 0, result: { answer: 'Two lines.', stopReason: 'completed' }, stderr: '' });
      const last = server.requests.at(-1)?.body?.messages.at(-1);
      expect({
        role: last?.role,
        content: JSON.stringify(last?.content).includes('notes.txt holds two lines'),
      }).toEqual({
        role: 'tool',
        content: true,
      });
    });
  });
});
