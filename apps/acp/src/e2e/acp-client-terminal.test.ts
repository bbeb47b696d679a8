import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { methods } from '@agentclientprotocol/sdk';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editorState, promptTurn, SKIP_REASON, withEditor } from './editor-client.js';
import { leftAfterEnding, processesWith, until } from './processes.js';

const BWRAP = ['/usr/bin/bwrap', '/bin/bwrap', '/usr/local/bin/bwrap'].some((path) => existsSync(path));
const EDITOR = { fs: { readTextFile: false, writeTextFile: false }, terminal: true };

let root: string;
let configHome: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-term-')));
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-acp-term-config-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(configHome, { recursive: true, force: true });
});

const env = () => ({
  TOOLGATE_MODEL: 'openai-compatible:fake',
  TOOLGATE_BASE_URL: server.baseURL,
  TOOLGATE_APPROVAL: 'auto',
  XDG_CONFIG_HOME: configHome,
});
const bash = (command: string) => ({
  toolCalls: [{ id: 'b1', name: 'bash', arguments: { action: 'exec', command } }],
});

describe.skipIf(SKIP_REASON !== undefined || !BWRAP)(
  `toolgate-acp with an editor's terminals (skipped without bubblewrap) ${SKIP_REASON ?? ''}`,
  { timeout: 90_000 },
  () => {
    it('runs bash exec in an editor terminal, under the sandbox, and shows the terminal in the call', async () => {
      const state = editorState();
      server.reply(
        bash('echo hi-from-terminal; touch /etc/toolgate-escape 2>/dev/null || echo host-read-only'),
        {
          text: 'done',
        },
      );
      const { value } = await withEditor({ env: env(), capabilities: EDITOR, state }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, 'run it')),
      );
      expect(value.stopReason).toBe('end_turn');
      const created = state.log.requests.find((request) => request.method === 'terminal/create');
      if (!created) throw new Error('the editor was never asked for a terminal');
      // The editor runs the sandbox's launcher; the command is its last argument, never the program.
      const argv = [created.params.command as string, ...(created.params.args as string[])];
      expect(argv.some((word) => /\/bwrap$/.test(word))).toBe(true);
      expect(argv[0]).not.toContain('echo');
      expect(argv.at(-1)).toContain('echo hi-from-terminal');
      expect(created.params.cwd).toBe(root);
      const names = (created.params.env as { name: string }[]).map((variable) => variable.name);
      expect(names.some((name) => /KEY|SECRET|TOKEN/.test(name))).toBe(false);
      const updates = value.updates.filter(
        (update) => update.sessionUpdate === 'tool_call_update' && update.toolCallId === 'b1',
      );
      expect(updates.some((update) => JSON.stringify(update).includes('"type":"terminal"'))).toBe(true);
      expect(updates.at(-1)).toMatchObject({
        status: 'completed',
        content: expect.arrayContaining([{ type: 'terminal', terminalId: 'term-1' }]),
      });
      const read = JSON.stringify(server.requests[1]?.body?.messages);
      expect(read).toContain('hi-from-terminal');
      expect(read).toContain('host-read-only');
      expect(state.log.requests.map((request) => request.method)).toContain('terminal/release');
    });

    it('runs a command here, not in the terminal, when there is no sandbox to confine it', async () => {
      await mkdir(join(configHome, 'toolgate'));
      await writeFile(
        join(configHome, 'toolgate', 'config.json'),
        JSON.stringify({ sandbox: { mode: 'danger-full-access' } }),
      );
      const state = editorState();
      server.reply(bash('echo ran-here'), { text: 'done' });
      const { value } = await withEditor({ env: env(), capabilities: EDITOR, state }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, 'run it')),
      );
      expect(value.stopReason).toBe('end_turn');
      expect(state.log.requests).toEqual([]);
      expect(JSON.stringify(server.requests[1]?.body?.messages)).toContain('ran-here');
    });

    it('kills the terminal on cancel and leaves no process behind', async () => {
      const marker = `30.${Math.floor(Math.random() * 1e6)
        .toString()
        .padStart(6, '0')}`;
      const state = editorState();
      server.reply(bash(`sleep ${marker}`), { text: 'should not be asked' });
      const { value } = await withEditor({ env: env(), capabilities: EDITOR, state }, (agent) =>
        agent.buildSession(root).withSession(async (session) => {
          const turn = promptTurn(session, 'sleep');
          await until(async () => (await processesWith(`sleep\0${marker}`)).length > 0);
          await agent.notify(methods.agent.session.cancel, { sessionId: session.sessionId });
          const ended = await turn;
          return { ended, left: await leftAfterEnding(marker) };
        }),
      );
      expect(value.ended.stopReason).toBe('cancelled');
      expect(value.left).toEqual([]);
      const methodsSeen = state.log.requests.map((request) => request.method);
      expect(methodsSeen).toContain('terminal/kill');
      expect(methodsSeen.indexOf('terminal/kill')).toBeLessThan(methodsSeen.indexOf('terminal/release'));
    });
  },
);
