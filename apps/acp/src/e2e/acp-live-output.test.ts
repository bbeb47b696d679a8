import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editorState, promptTurn, SKIP_REASON, withEditor } from './editor-client.js';

let root: string;
let configHome: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-live-')));
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-acp-live-config-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(configHome, { recursive: true, force: true });
});

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate-acp's live output ${SKIP_REASON ?? ''}`,
  { timeout: 90_000 },
  () => {
    it("shows a long command's output so far before its result", async () => {
      // Seconds between the two lines: the first is shown while the command still runs.
      server.reply(
        {
          toolCalls: [
            {
              id: 'b1',
              name: 'bash',
              arguments: { action: 'exec', command: 'echo tick-one; sleep 3; echo tick-two' },
            },
          ],
        },
        { text: 'done' },
      );
      const { value } = await withEditor(
        {
          env: {
            TOOLGATE_MODEL: 'openai-compatible:fake',
            TOOLGATE_BASE_URL: server.baseURL,
            TOOLGATE_APPROVAL: 'auto',
            XDG_CONFIG_HOME: configHome,
          },
          capabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
          state: editorState(),
        },
        (agent) => agent.buildSession(root).withSession((session) => promptTurn(session, 'run it')),
      );
      const updates = value.updates.filter(
        (update) => update.sessionUpdate === 'tool_call_update' && update.toolCallId === 'b1',
      );
      const texts = updates.map((update) => JSON.stringify(update));
      const partial = texts.findIndex((text) => text.includes('tick-one') && !text.includes('tick-two'));
      const final = texts.findIndex((text) => text.includes('"status":"completed"'));
      expect(partial).toBeGreaterThanOrEqual(0);
      expect(partial).toBeLessThan(final);
      expect(texts[final]).toContain('tick-two');
    });
  },
);
