import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let env: Record<string, string>;
let configHome: string;
let server: FakeModelServer;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-delegates-config-'));
  env = { XDG_CONFIG_HOME: configHome };
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await workspace.dispose();
  await rm(configHome, { recursive: true, force: true });
});

const agentsDirectory = () => join(root, '.toolgate', 'agents');
const REVIEWER =
  '---\nname: reviewer\ndescription: Reviews the diff.\ntools: read_file, grep\n---\nREVIEWER-MARK\n';
const toolNames = async (args: readonly string[] = []) => {
  const result = await runToolgate(['tools', '--json', '--cwd', root, ...args], { env });
  return { ...result, names: (JSON.parse(result.stdout) as { name: string }[]).map((tool) => tool.name) };
};

describe.skipIf(SKIP_REASON !== undefined)(`delegates, end to end ${SKIP_REASON ?? ''}`, E2E_OPTIONS, () => {
  it('toolgate tools lists the built-in delegates, and a workspace agent file only once the workspace is trusted', async () => {
    await mkdir(agentsDirectory(), { recursive: true });
    await writeFile(join(agentsDirectory(), 'reviewer.md'), REVIEWER);
    const untrusted = await toolNames();
    expect(untrusted.code).toBe(0);
    expect(untrusted.names.filter((name) => name.startsWith('delegate_'))).toEqual([
      'delegate_explore',
      'delegate_plan',
      'delegate_general',
    ]);
    expect(untrusted.stderr).toContain(
      `toolgate: not loading the agents of ${agentsDirectory()}: this workspace is not trusted.`,
    );
    expect((await runToolgate(['trust', '--cwd', root], { env })).code).toBe(0);
    const trusted = await toolNames();
    expect(trusted.names.at(-1)).toBe('delegate_reviewer');
    const help = await runToolgate(['tools', 'delegate_reviewer', '--cwd', root], { env });
    expect(help.stdout).toContain('Reviews the diff.');
  });

  it('a bad agent file is a configuration error naming the file and the key (exit 2)', async () => {
    await mkdir(agentsDirectory(), { recursive: true });
    const file = join(agentsDirectory(), 'broken.md');
    await writeFile(file, '---\nname: broken\ndescription: d\ntools: 3\nmaxSteps: lots\n---\nBody.\n');
    expect((await runToolgate(['trust', '--cwd', root], { env })).code).toBe(0);
    const result = await runToolgate(['tools', '--cwd', root], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `toolgate: Agent file ${file}: key maxSteps: expected a number, got "lots".`,
    );
  });

  it('toolgate run: explore reads for the parent, its calls indented under the delegate line; write_file is refused to it', async () => {
    await writeFile(join(root, 'notes.txt'), 'the word is plum\n');
    server.reply(
      {
        toolCalls: [
          { id: 'd1', name: 'delegate_explore', arguments: { task: 'What is the word in notes.txt?' } },
        ],
      },
      { text: 'The word is plum.' },
    );
    server.replyWhen(
      'You are explore',
      {
        toolCalls: [
          { id: 'w1', name: 'write_file', arguments: { path: 'x.txt', content: 'x' } },
          { id: 'r1', name: 'read_file', arguments: { path: 'notes.txt' } },
        ],
      },
      { text: 'plum' },
    );
    const result = await runToolgate(
      [
        'run',
        'find the word',
        '--cwd',
        root,
        '--model',
        'openai-compatible:fake',
        '--base-url',
        server.baseURL,
      ],
      { env },
    );
    expect(result).toMatchObject({ code: 0, stdout: 'The word is plum.\n' });
    const lines = result.stderr.split('\n');
    const delegateLine = lines.indexOf('• explore: What is the word in notes.txt?');
    expect(delegateLine).toBeGreaterThanOrEqual(0);
    expect(lines.slice(delegateLine + 1, delegateLine + 9)).toEqual([
      '  • Write x.txt',
      '  • Read notes.txt',
      expect.stringMatching(
        /^ {4}• Rejected by policy: Tool is not allowed in this session \(agent "explore"\): write_file/,
      ),
      '    ✓ Read notes.txt (line 1)',
      '      │ the word is plum',
      '  ✓ explore answered (2 steps)',
      '    │ plum',
      '',
    ]);
    const answer = server.requests.at(-1)?.body?.messages.at(-1);
    expect(JSON.parse(String(answer?.content))).toMatchObject({
      agent: 'explore',
      stopReason: 'completed',
      output: 'plum',
    });
  });
});
