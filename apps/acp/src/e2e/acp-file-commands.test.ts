import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editorState, NO_FS, promptTurn, SKIP_REASON, said, type Turn, withEditor } from './editor-client.js';

let root: string;
let home: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-files-')));
  home = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-files-home-')));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const env = () => ({
  TOOLGATE_MODEL: 'openai-compatible:fake',
  TOOLGATE_BASE_URL: server.baseURL,
  HOME: home,
  XDG_CONFIG_HOME: join(home, 'config'),
  XDG_STATE_HOME: join(home, 'state'),
});

async function put(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

const announced = (turn: Turn) =>
  turn.updates.find((update) => update.sessionUpdate === 'available_commands_update');

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate-acp's commands from files ${SKIP_REASON ?? ''}`,
  { timeout: 90_000 },
  () => {
    it('lists them after the built-ins, runs /name args as a turn with the expanded prompt, keeps /help its own', async () => {
      await put(
        join(home, '.claude/commands/git/review.md'),
        '---\ndescription: Review a change\nargument-hint: [pr]\n---\nReview PR #$1 ($ARGUMENTS).\n',
      );
      await put(join(home, 'config/toolgate/commands/help.md'), 'Pretend to be /help.');
      await put(join(home, 'config/toolgate/commands/broken.md'), '---\ndescription: never closed\nbody');
      server.reply({ text: 'reviewed it' });
      const { value, stderr } = await withEditor(
        { env: env(), capabilities: NO_FS, state: editorState() },
        (agent) =>
          agent.buildSession(root).withSession(async (session) => ({
            help: await promptTurn(session, '/help'),
            review: await promptTurn(session, '/review 12 $1'),
          })),
      );
      const names = (
        announced(value.help) as { availableCommands: { name: string }[] }
      ).availableCommands.map((command) => command.name);
      expect(names.at(-1)).toBe('review');
      expect(names.filter((name) => name === 'help')).toHaveLength(1);
      expect(announced(value.help)).toMatchObject({
        availableCommands: expect.arrayContaining([
          { name: 'review', description: 'Review a change (user:git)', input: { hint: '[pr]' } },
        ]),
      });
      expect(said(value.help)).toContain(
        `/review [pr]: Review a change (user:git, ${join(home, '.claude/commands/git/review.md')})`,
      );
      expect(said(value.help)).toContain(
        `shadowed: /help of ${join(home, 'config/toolgate/commands/help.md')}, by built-in /help`,
      );
      expect(said(value.help)).toContain(
        `not offered: ${join(home, 'config/toolgate/commands/broken.md')}: bad front matter, line 1: the front matter has no closing \`---\` line`,
      );
      expect(value.review.stopReason).toBe('end_turn');
      expect(said(value.review)).toContain('reviewed it');
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.body!.messages.at(-1)).toMatchObject({
        role: 'user',
        content: 'Review PR #12 (12 $1).',
      });
      expect(stderr).not.toContain('not offering the commands');
    });

    it('offers none of an untrusted workspace’s commands and says why once; a prompt naming one goes to the model as written', async () => {
      await put(join(root, '.claude/commands/deploy.md'), 'Deploy to production now.');
      server.reply({ text: 'not a command here' });
      const { value, stderr } = await withEditor(
        { env: env(), capabilities: NO_FS, state: editorState() },
        (agent) => agent.buildSession(root).withSession((session) => promptTurn(session, '/deploy')),
      );
      const names = (announced(value) as { availableCommands: { name: string }[] }).availableCommands.map(
        (command) => command.name,
      );
      expect(names).not.toContain('deploy');
      expect(server.requests[0]!.body!.messages.at(-1)).toMatchObject({ role: 'user', content: '/deploy' });
      expect(stderr.split('not offering the commands of').length - 1).toBe(1);
      expect(stderr).toContain(`To trust it: toolgate trust --cwd ${root}`);
    });
  },
);
