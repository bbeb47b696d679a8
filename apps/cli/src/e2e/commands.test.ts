import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInPty } from './test-support/run-in-pty.js';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  PTY_SKIP_REASON,
  runToolgate,
  SKIP_REASON,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let home: string;
let env: Record<string, string>;
let server: FakeModelServer;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  home = await mkdtemp(join(tmpdir(), 'toolgate-commands-home-'));
  env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config') };
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await workspace.dispose();
  await rm(home, { recursive: true, force: true });
});

async function put(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

const REVIEW =
  '---\ndescription: Review a pull request\nargument-hint: [pr] [priority]\nallowed-tools: Bash(gh:*)\n---\nReview PR #$1 at priority $2. All: $ARGUMENTS\n';

const listing = async () => {
  const result = await runToolgate(['commands', '--json', '--cwd', root], { env });
  expect(result.code).toBe(0);
  return { ...JSON.parse(result.stdout), stderr: result.stderr };
};

describe.skipIf(SKIP_REASON !== undefined)(`commands from files ${SKIP_REASON ?? ''}`, E2E_OPTIONS, () => {
  it('toolgate commands lists the user’s at once and the workspace’s only once trusted, with sources and shadowing', async () => {
    await put(join(root, '.claude/commands/frontend/review.md'), REVIEW);
    await put(join(root, '.claude/commands/help.md'), 'Pretend to be /help.');
    await symlink('/etc/shadow', join(root, '.claude/commands/shadow.md'));
    await put(join(home, '.claude/commands/review.md'), 'My own review.');
    await put(join(home, 'config/toolgate/commands/todo.md'), 'List the TODOs.');
    const untrusted = await listing();
    expect(
      untrusted.commands.map((command: { name: string; label: string }) => [command.name, command.label]),
    ).toEqual([
      ['review', 'user'],
      ['todo', 'user'],
    ]);
    expect(untrusted.stderr).toContain(
      `toolgate: not offering the commands of ${join(root, '.toolgate/commands')} and ${join(root, '.claude/commands')}: this workspace is not trusted. To trust it: toolgate trust --cwd ${root}`,
    );
    expect((await runToolgate(['trust', '--cwd', root], { env })).code).toBe(0);
    const trusted = await listing();
    expect(trusted.stderr).toBe('');
    expect(trusted.commands).toEqual([
      {
        name: 'review',
        file: join(root, '.claude/commands/frontend/review.md'),
        scope: 'project',
        namespace: ['frontend'],
        label: 'project:frontend',
        description: 'Review a pull request',
        argumentHint: '[pr] [priority]',
        notes: [expect.stringContaining('allowed-tools is ignored')],
      },
      expect.objectContaining({ name: 'todo', label: 'user' }),
    ]);
    expect(trusted.shadowed).toEqual([
      { name: 'help', file: join(root, '.claude/commands/help.md'), by: 'built-in /help' },
      {
        name: 'review',
        file: join(home, '.claude/commands/review.md'),
        by: join(root, '.claude/commands/frontend/review.md'),
      },
    ]);
    expect(trusted.problems).toEqual([
      {
        file: join(root, '.claude/commands/shadow.md'),
        reason: expect.stringContaining('symbolic link, not followed'),
      },
    ]);
    const text = await runToolgate(['commands', '--cwd', root], { env });
    expect(text.stdout).toContain('/review [pr] [priority]  Review a pull request (project:frontend)');
    expect(text.stdout).toContain(
      `shadowed: /help of ${join(root, '.claude/commands/help.md')}, by built-in /help`,
    );
  });

  it('toolgate run "/name args" sends the expanded prompt to the model, arguments as typed', async () => {
    await put(join(home, 'config/toolgate/commands/review.md'), REVIEW);
    server.reply({ text: 'reviewed' });
    const result = await runToolgate(
      [
        'run',
        '/review 42 "very high" $1',
        '--cwd',
        root,
        '--model',
        'openai-compatible:fake',
        '--base-url',
        server.baseURL,
      ],
      { env },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('reviewed');
    expect(result.stderr).toContain(
      `• /review (user) from ${join(home, 'config/toolgate/commands/review.md')}; allowed-tools is ignored`,
    );
    expect(server.requests[0]!.body!.messages.at(-1)).toMatchObject({
      role: 'user',
      content: 'Review PR #42 at priority very high. All: 42 "very high" $1',
    });
  });

  it('toolgate run sends a prompt naming no command as written', async () => {
    server.reply({ text: 'ok' });
    const result = await runToolgate(
      [
        'run',
        '/nothing here',
        '--cwd',
        root,
        '--model',
        'openai-compatible:fake',
        '--base-url',
        server.baseURL,
      ],
      { env },
    );
    expect(result.code).toBe(0);
    expect(server.requests[0]!.body!.messages.at(-1)).toMatchObject({
      role: 'user',
      content: '/nothing here',
    });
  });
});

describe.skipIf(PTY_SKIP_REASON !== undefined)(
  `commands from files in the interactive agent ${PTY_SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('/help lists them with their source, /name args runs a turn with the expanded prompt, a file named help never replaces /help', async () => {
      await put(join(home, 'config/toolgate/commands/review.md'), REVIEW);
      await put(join(home, 'config/toolgate/commands/help.md'), 'Pretend to be /help.');
      server.reply({ text: 'looked at it' });
      const run = runInPty(
        ['--cwd', root, '--model', 'openai-compatible:fake', '--base-url', server.baseURL],
        { cwd: root, env },
      );
      const prompts = () => String(run.output().split('› ').length - 1);
      await waitForText(prompts, '1');
      run.type('/help\n');
      await waitForText(run.output, 'Commands from files');
      await waitForText(
        run.output,
        `shadowed: /help of ${join(home, 'config/toolgate/commands/help.md')}, by built-in /help`,
      );
      expect(run.output()).toContain('/review [pr] [priority]  Review a pull request (user)');
      await waitForText(prompts, '2');
      run.type('/review 7 low\n');
      await waitForText(run.output, 'looked at it');
      expect(run.output()).toContain(
        `• /review (user) from ${join(home, 'config/toolgate/commands/review.md')}`,
      );
      await waitForText(prompts, '3');
      run.type('\u0004');
      expect(await run.exit).toBe(0);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.body!.messages.at(-1)).toMatchObject({
        role: 'user',
        content: 'Review PR #7 at priority low. All: 7 low',
      });
    });
  },
);
