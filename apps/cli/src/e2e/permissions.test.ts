import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let configHome: string;
let userFile: string;
let env: Record<string, string>;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-permissions-home-'));
  userFile = join(configHome, 'toolgate', 'config.json');
  env = { XDG_CONFIG_HOME: configHome };
});
afterEach(async () => {
  await workspace.dispose();
  await rm(configHome, { recursive: true, force: true });
});

async function writeUserConfig(config: unknown): Promise<void> {
  await mkdir(join(configHome, 'toolgate'), { recursive: true });
  await writeFile(userFile, JSON.stringify(config));
}

const bashCall = (command: string) => [
  'call',
  'bash',
  JSON.stringify({ action: 'exec', command }),
  '--cwd',
  root,
  '--sandbox',
  'danger-full-access',
];

describe.skipIf(SKIP_REASON !== undefined)(`permission rules ${SKIP_REASON ?? ''}`, E2E_OPTIONS, () => {
  it('keeps every file under a Read deny rule out of grep, whatever the search root', async () => {
    await writeUserConfig({ permissions: { deny: ['Read(deploy/keys/**)'] } });
    await mkdir(join(root, 'deploy', 'keys'), { recursive: true });
    await writeFile(join(root, 'deploy', 'keys', 'prod.txt'), 'token=live-key-material\n');
    await writeFile(join(root, 'deploy', 'run.sh'), 'echo token\n');
    for (const path of [undefined, 'deploy']) {
      const input = JSON.stringify({ pattern: 'token', ...(path ? { path } : {}) });
      const result = await runToolgate(['call', 'grep', input, '--cwd', root, '--json'], { env });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).output.matches).toEqual([
        { file: 'deploy/run.sh', line: 1, content: 'echo token' },
      ]);
    }
    const named = await runToolgate(
      ['call', 'grep', JSON.stringify({ pattern: 'token', path: 'deploy/keys' }), '--cwd', root, '--json'],
      { env },
    );
    expect(JSON.parse(named.stdout)).toMatchObject({ status: 'failure', error: { code: 'path_denied' } });
    expect(`${named.stdout}${named.stderr}`).not.toContain('live-key-material');
  });

  it("refuses a line with a denied command, naming the rule and the user's file, exit 3, nothing run", async () => {
    await writeUserConfig({ permissions: { deny: ['bash(rm:*)'] } });
    await writeFile(join(root, 'keep.txt'), 'keep\n');
    const result = await runToolgate(
      [...bashCall('echo hi > made.txt && rm keep.txt'), '--approval', 'auto'],
      {
        env,
      },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('• Rejected by rule');
    expect(result.stderr).toContain(`the deny rule "bash(rm:*)" in ${userFile}`);
    expect(await readFile(join(root, 'keep.txt'), 'utf8')).toBe('keep\n');
    await expect(readFile(join(root, 'made.txt'))).rejects.toThrow();

    const json = await runToolgate([...bashCall('rm keep.txt'), '--json'], { env });
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'rejected', by: 'rule' });
  });

  it("ignores an untrusted workspace's allow rule (still asks: exit 3 without a terminal) until toolgate trust", async () => {
    const projectFile = join(root, 'toolgate.config.json');
    await writeFile(
      projectFile,
      JSON.stringify({ permissions: { allow: ['bash(echo:*)'], deny: ['bash(rm:*)'] } }),
    );
    const call = [...bashCall('echo allowed'), '--json'];

    const untrusted = await runToolgate(call, { env });
    expect(untrusted.code).toBe(3);
    expect(JSON.parse(untrusted.stdout)).toMatchObject({ status: 'rejected', by: 'approval' });
    expect(untrusted.stderr).toContain(
      `toolgate: ignored permissions.allow ["bash(echo:*)"] from ${projectFile}: this workspace is not trusted, so its config may only tighten the rules. To trust it: toolgate trust --cwd ${root}\n`,
    );
    // Its deny rule applies at once.
    const denied = await runToolgate([...bashCall('rm x'), '--json'], { env });
    expect(JSON.parse(denied.stdout)).toMatchObject({ status: 'rejected', by: 'rule' });
    expect(JSON.parse(denied.stdout).reason).toContain(`in ${projectFile}`);

    expect((await runToolgate(['trust', '--cwd', root], { env })).code).toBe(0);
    const trusted = await runToolgate(call, { env });
    expect(trusted.stderr).toBe('');
    expect(trusted.code).toBe(0);
    expect(JSON.parse(trusted.stdout)).toMatchObject({ status: 'success', output: { stdout: 'allowed\n' } });
  });

  it('asks because of an ask rule even in --approval auto (refused without a terminal)', async () => {
    await writeUserConfig({ permissions: { ask: ['bash(git push:*)'] } });
    const asked = await runToolgate(
      [...bashCall('echo x | git push origin main'), '--approval', 'auto', '--json'],
      {
        env,
      },
    );
    expect(asked.code).toBe(3);
    expect(JSON.parse(asked.stdout)).toMatchObject({ status: 'rejected', by: 'approval' });
    const free = await runToolgate([...bashCall('echo free'), '--approval', 'auto', '--json'], { env });
    expect(free.code).toBe(0);
  });

  it('refuses a config whose rule cannot be read, naming the file and the key (exit 2)', async () => {
    await writeUserConfig({ permissions: { deny: ['bash(rm'] } });
    const result = await runToolgate([...bashCall('true')], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(userFile);
    expect(result.stderr).toContain('permissions.deny[0]');
  });

  it('refuses a rule naming no tool, naming the closest one (exit 2)', async () => {
    await writeUserConfig({ permissions: { deny: ['Bsh(rm:*)'] } });
    const result = await runToolgate([...bashCall('true')], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `"Bsh(rm:*)" in ${userFile} names no tool of this session: did you mean "Bash"?`,
    );
  });

  it('--explain names the deciding rule and its file, or the mode row, and runs nothing (exit 0)', async () => {
    await writeUserConfig({ permissions: { deny: ['bash(rm:*)'] } });
    await writeFile(join(root, 'keep.txt'), 'keep\n');
    const explained = await runToolgate([...bashCall('ls && rm keep.txt'), '--explain'], { env });
    expect(explained.code).toBe(0);
    expect(explained.stdout).toContain('bash: ls && rm keep.txt\n');
    expect(explained.stdout).toContain('decision: reject');
    expect(explained.stdout).toContain(`rule:     bash(rm:*) in ${userFile}\n`);
    expect(explained.stdout).toContain('Not run (--explain).');
    expect(await readFile(join(root, 'keep.txt'), 'utf8')).toBe('keep\n');

    const json = await runToolgate([...bashCall('rm keep.txt'), '--explain', '--json'], { env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      explain: {
        outcome: 'reject',
        by: 'rule',
        verdict: { decision: 'deny', rule: { text: 'bash(rm:*)', source: userFile } },
        tool: 'bash',
        mode: 'safe',
      },
      ran: false,
    });

    const byMode = await runToolgate(
      ['call', 'read_file', '{"path":"keep.txt"}', '--cwd', root, '--explain', '--json'],
      { env },
    );
    expect(JSON.parse(byMode.stdout)).toMatchObject({
      explain: { outcome: 'run', by: 'mode', mode: 'safe', declared: false },
    });
    const asks = await runToolgate([...bashCall('ls'), '--explain'], { env });
    expect(asks.stdout).toContain('decision: ask');
    expect(asks.stdout).toContain("the safe row of the mode table: bash's own rule for safe mode");
  });

  describe('in an agent turn', () => {
    let server: FakeModelServer;
    beforeEach(async () => {
      server = await startFakeModelServer();
    });
    afterEach(async () => {
      await server.close();
    });

    it('gives the model a rejected result for a denied call and runs nothing', async () => {
      await writeUserConfig({ permissions: { deny: ['bash(rm:*)'] } });
      await writeFile(join(root, 'keep.txt'), 'keep\n');
      server.reply(
        { toolCalls: [{ name: 'bash', arguments: { action: 'exec', command: 'rm -f keep.txt' } }] },
        { text: 'done' },
      );
      const result = await runToolgate(
        [
          'run',
          'clean up',
          '--json',
          '--cwd',
          root,
          '--approval',
          'auto',
          '--sandbox',
          'danger-full-access',
          '--model',
          'openai-compatible:fake',
          '--base-url',
          server.baseURL,
        ],
        { env },
      );
      expect(result.code).toBe(3);
      const events = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
      expect(events.find((event) => event.type === 'tool_call_end')).toMatchObject({
        result: { status: 'rejected', by: 'rule' },
      });
      expect(JSON.stringify(events)).toContain(`the deny rule \\"bash(rm:*)\\" in ${userFile}`);
      expect(await readFile(join(root, 'keep.txt'), 'utf8')).toBe('keep\n');
    });
  });
});
