import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ClientCapabilities, McpServer } from '@agentclientprotocol/sdk';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editorState, promptTurn, SKIP_REASON, withEditor } from './editor-client.js';

// packages/mcp's real MCP server whose one tool asks a form during the call and answers with it.
const ELICIT_SERVER = join(
  dirname(createRequire(import.meta.url).resolve('@toolgate/mcp/package.json')),
  'src/test-support/fixtures/elicit-server.mjs',
);

let root: string;
let configHome: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-elicit-')));
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-acp-elicit-config-'));
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
const asker: McpServer = { name: 'asker', command: process.execPath, args: [ELICIT_SERVER], env: [] };
/** The tool's result as the model read it back: the second request's messages. */
const toolResult = () => JSON.stringify(server.requests[1]?.body?.messages ?? []);

async function askThroughEditor(capabilities: ClientCapabilities, state = editorState()) {
  server.reply({ toolCalls: [{ id: 'c1', name: 'mcp__asker__ask', arguments: {} }] }, { text: 'done' });
  const { value } = await withEditor({ env: env(), capabilities, state }, (agent) =>
    agent
      .buildSession({ cwd: root, mcpServers: [asker] })
      .withSession((session) => promptTurn(session, 'ask me')),
  );
  return { turn: value, state };
}

describe.skipIf(SKIP_REASON !== undefined)(
  `an MCP server's form during a call, asked in the editor ${SKIP_REASON ?? ''}`,
  { timeout: 90_000 },
  () => {
    it('sends elicitation/create with the titled form; the server gets the answer', async () => {
      const state = editorState();
      state.answerForm = () => ({ action: 'accept', content: { name: 'Ada' } });
      const { turn } = await askThroughEditor({ elicitation: { form: {} } }, state);
      expect(turn.stopReason).toBe('end_turn');
      const forms = state.log.requests.filter((request) => request.method === 'elicitation/create');
      expect(forms).toHaveLength(1);
      expect(forms[0]?.params).toMatchObject({
        mode: 'form',
        message: 'MCP server "asker" asks: Who is this for?',
        requestedSchema: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', title: 'Name' },
            size: {
              type: 'string',
              default: 'm',
              oneOf: [
                { const: 's', title: 's' },
                { const: 'm', title: 'm' },
                { const: 'l', title: 'l' },
              ],
            },
          },
        },
      });
      expect(typeof forms[0]?.params.sessionId).toBe('string');
      // The field left out takes its default.
      expect(toolResult()).toContain('accept: name=Ada size=m');
    });

    it('a declined form reaches the server as declined', async () => {
      const state = editorState();
      state.answerForm = () => ({ action: 'decline' });
      await askThroughEditor({ elicitation: { form: {} } }, state);
      expect(toolResult()).toContain('decline: name=- size=-');
    });

    it('an answer that does not fit the form is sent as cancel (fail closed)', async () => {
      const state = editorState();
      state.answerForm = () => ({ action: 'accept', content: { name: 'Ada', size: 'xxl' } });
      await askThroughEditor({ elicitation: { form: {} } }, state);
      expect(toolResult()).toContain('cancel: name=- size=-');
    });

    it('an editor that offers no forms is never asked: the server is told nobody can answer', async () => {
      const { state } = await askThroughEditor({});
      expect(state.log.requests.map((request) => request.method)).not.toContain('elicitation/create');
      // The server's own SDK refuses to ask a client without the capability: the call fails.
      expect(toolResult()).toContain('mcp_tool_error');
      expect(toolResult()).toContain('Client does not support form elicitation.');
    });
  },
);
