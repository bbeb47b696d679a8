import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editorState, NO_FS, promptTurn, SKIP_REASON, said, withEditor } from './editor-client.js';

let root: string;
let configHome: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-cmd-')));
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-acp-cmd-config-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(configHome, { recursive: true, force: true });
});

const env = () => ({
  TOOLGATE_MODEL: 'openai-compatible:first',
  TOOLGATE_BASE_URL: server.baseURL,
  XDG_CONFIG_HOME: configHome,
});

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate-acp's commands ${SKIP_REASON ?? ''}`,
  { timeout: 90_000 },
  () => {
    it('lists its commands, answers /help without the model, and /model changes the model from the next turn', async () => {
      server.reply({ text: 'from the second model' });
      const { value } = await withEditor({ env: env(), capabilities: NO_FS, state: editorState() }, (agent) =>
        agent.buildSession(root).withSession(async (session) => {
          const help = await promptTurn(session, '/help');
          const current = await promptTurn(session, '/model');
          const changed = await promptTurn(session, '/model openai-compatible:second');
          const refused = await promptTurn(session, '/model nonsense');
          const asked = await promptTurn(session, 'hello');
          return { help, current, changed, refused, asked };
        }),
      );
      const announced = value.help.updates.find(
        (update) => update.sessionUpdate === 'available_commands_update',
      );
      expect(announced).toMatchObject({
        availableCommands: expect.arrayContaining([
          expect.objectContaining({ name: 'help' }),
          expect.objectContaining({ name: 'model', input: { hint: 'provider:model' } }),
        ]),
      });
      expect(value.help.stopReason).toBe('end_turn');
      expect(said(value.help)).toContain('/model provider:model');
      expect(said(value.current)).toContain('openai-compatible:first');
      expect(said(value.changed)).toContain('openai-compatible:second');
      expect(said(value.refused)).toContain('stays openai-compatible:second');
      // Only the real prompt reached a model, and the new one.
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.body?.model).toBe('second');
      expect(said(value.asked)).toContain('from the second model');
    });

    it('/mode switches the approval mode and says so to the editor; /permissions lists the rules; /rewind says when there is nothing', async () => {
      const userFile = join(configHome, 'toolgate', 'config.json');
      await mkdir(join(configHome, 'toolgate'), { recursive: true });
      await writeFile(userFile, JSON.stringify({ permissions: { deny: ['bash(rm:*)'] } }));
      const { value } = await withEditor({ env: env(), capabilities: NO_FS, state: editorState() }, (agent) =>
        agent.buildSession(root).withSession(async (session) => {
          const mode = await promptTurn(session, '/mode');
          const plan = await promptTurn(session, '/mode plan');
          const bad = await promptTurn(session, '/mode yolo');
          const rules = await promptTurn(session, '/permissions');
          const rewind = await promptTurn(session, '/rewind');
          return { mode, plan, bad, rules, rewind };
        }),
      );
      expect(said(value.mode)).toMatch(/The approval mode is safe/);
      expect(said(value.plan)).toContain('The approval mode is now plan');
      expect(value.plan.updates).toContainEqual(
        expect.objectContaining({ sessionUpdate: 'current_mode_update', currentModeId: 'plan' }),
      );
      expect(said(value.bad)).toContain('The mode stays plan');
      expect(said(value.rules)).toMatch(/1\. deny bash\(rm:\*\) \(everywhere: .*config\.json\)/);
      expect(said(value.rewind)).toContain('Nothing to rewind');
      // None of them reached the model.
      expect(server.requests).toHaveLength(0);
    });

    it('leaves a prompt that only looks like a command to the model', async () => {
      server.reply({ text: 'a path, not a command' });
      const { value } = await withEditor({ env: env(), capabilities: NO_FS, state: editorState() }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, '/etc/hosts looks wrong')),
      );
      expect(said(value)).toContain('a path, not a command');
      expect(server.requests).toHaveLength(1);
    });
  },
);
