import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { methods } from '@agentclientprotocol/sdk';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editorState, NO_FS, promptTurn, SKIP_REASON, said, type Turn, withEditor } from './editor-client.js';

let root: string;
let configHome: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-status-')));
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-acp-status-config-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(configHome, { recursive: true, force: true });
});

const modeUpdates = (turn: Turn) =>
  turn.updates.flatMap((update) =>
    update.sessionUpdate === 'current_mode_update' ? [update.currentModeId] : [],
  );

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate-acp's /status and the managed floor ${SKIP_REASON ?? ''}`,
  { timeout: 90_000 },
  () => {
    it('/status shows the model, the mode calls run in, the session, workspace, sandbox, tokens and context; a looser mode asked for is reported as the floor holds it', async () => {
      await mkdir(join(configHome, 'toolgate'), { recursive: true });
      await writeFile(
        join(configHome, 'toolgate', 'config.json'),
        JSON.stringify({ limits: { contextWindow: 200_000 } }),
      );
      const managed = join(configHome, 'managed.json');
      await writeFile(managed, JSON.stringify({ approval: { leastStrict: 'safe' } }));
      server.reply({ text: 'hello back', usage: { promptTokens: 4321, completionTokens: 123 } });
      const env = {
        TOOLGATE_MODEL: 'openai-compatible:fake',
        TOOLGATE_BASE_URL: server.baseURL,
        XDG_CONFIG_HOME: configHome,
        TOOLGATE_MANAGED_SETTINGS: managed,
      };
      const { value } = await withEditor({ env, capabilities: NO_FS, state: editorState() }, (agent) =>
        agent.buildSession(root).withSession(async (session) => {
          const hello = await promptTurn(session, 'hello');
          // The editor asks for Claude Code's bypassPermissions (auto): the floor holds it at safe.
          await agent.request(methods.agent.session.setMode, {
            sessionId: session.sessionId,
            modeId: 'bypassPermissions',
          });
          const status = await promptTurn(session, '/status');
          const mode = await promptTurn(session, '/mode bypassPermissions');
          const shown = await promptTurn(session, '/mode');
          return { hello, status, mode, shown, sessionId: session.sessionId };
        }),
      );
      expect(said(value.hello)).toContain('hello back');
      // set_mode's answer is followed by the mode calls run in, before /status's own updates.
      expect(modeUpdates(value.status)).toEqual(['safe']);
      const lines = said(value.status).split('\n');
      expect(lines).toEqual([
        '- model: openai-compatible:fake',
        `- approval: safe (auto was asked for; nothing looser than safe runs under the managed settings ${managed})`,
        `- session: ${value.sessionId}`,
        expect.stringMatching(
          new RegExp(
            `^- workspace: ${root.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(this workspace is not trusted`,
          ),
        ),
        expect.stringMatching(/^- sandbox: bubblewrap, workspace-write/),
        '- tokens: 4,321 in, 123 out, this session',
        expect.stringMatching(
          /^- context: about [\d,]+ of 200,000 tokens, [\d,]+ left \(\d+%\); the earlier turns are compacted above 160,000$/,
        ),
      ]);
      expect(said(value.mode)).toBe(
        'The approval mode is safe: the managed settings allow nothing looser, so auto runs as safe.',
      );
      expect(modeUpdates(value.mode)).toEqual(['safe']);
      expect(said(value.shown)).toContain('The approval mode is safe.');
      // Only the one prompt reached the model.
      expect(server.requests).toHaveLength(1);
    });

    it("/status after /model names the new model's context window (compaction uses it too)", async () => {
      const env = {
        TOOLGATE_MODEL: 'openai-compatible:fake',
        TOOLGATE_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test-key',
        XDG_CONFIG_HOME: configHome,
      };
      const { value } = await withEditor({ env, capabilities: NO_FS, state: editorState() }, (agent) =>
        agent.buildSession(root).withSession(async (session) => {
          const before = await promptTurn(session, '/status');
          const switched = await promptTurn(session, '/model openai:gpt-4o');
          const after = await promptTurn(session, '/status');
          return { before, switched, after };
        }),
      );
      expect(said(value.before)).toContain("the model's window is unknown (set limits.contextWindow)");
      expect(said(value.switched)).toContain('The model is now openai:gpt-4o');
      expect(said(value.after)).toContain('- model: openai:gpt-4o');
      expect(said(value.after)).toMatch(
        /- context: about [\d,]+ of 128,000 tokens, .*compacted above 102,400/,
      );
      expect(server.requests).toHaveLength(0);
    });
  },
);
