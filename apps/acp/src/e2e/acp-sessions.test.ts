import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import {
  type ClientContext,
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  type SessionNotification,
} from '@agentclientprotocol/sdk';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const BIN = resolve(import.meta.dirname, '../../dist/bin.js');
const SKIP_REASON = existsSync(BIN)
  ? undefined
  : `skipped: ${BIN} is missing; run \`pnpm build\` first (CI builds before testing)`;

let root: string;
let home: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-sessions-')));
  home = await mkdtemp(join(tmpdir(), 'toolgate-acp-sessions-home-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

/**
 * Starts the built toolgate-acp (its own config and state directories), connects the SDK's client,
 * runs `run`, then closes stdin and waits for the process to exit: each call is one agent process.
 */
async function withAgent<T>(
  run: (agent: ClientContext, updates: SessionNotification[]) => Promise<T>,
): Promise<{ value: T; code: number | null; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('TOOLGATE_')),
  );
  const child = spawn(process.execPath, [BIN], {
    env: {
      ...clean,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      TOOLGATE_MODEL: 'openai-compatible:fake',
      TOOLGATE_BASE_URL: server.baseURL,
      TOOLGATE_APPROVAL: 'auto',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  const updates: SessionNotification[] = [];
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin),
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  const value = await client({ name: 'toolgate-acp-sessions-test' })
    .onNotification(methods.client.session.update, ({ params }) => {
      updates.push(params);
    })
    .connectWith(stream, async (agent) => {
      const init = await agent.request(methods.agent.initialize, {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
      });
      expect(init.agentCapabilities?.loadSession).toBe(true);
      expect(init.agentCapabilities?.sessionCapabilities).toMatchObject({ list: {}, resume: {}, close: {} });
      return run(agent, updates);
    });
  child.stdin.end();
  return { value, code: await exited, stderr };
}

const prompt = (agent: ClientContext, sessionId: string, text: string) =>
  agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] });

/** The text of every user message the request carried, in order. */
const userTexts = (index: number): string[] =>
  (server.requests[index]?.body?.messages ?? [])
    .filter((message) => message.role === 'user')
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    );

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate-acp stored sessions ${SKIP_REASON ?? ''}`,
  { timeout: 90_000 },
  () => {
    it('a client restarting the agent between prompts session/loads the session: the history is replayed and the next request carries the first turn', async () => {
      await writeFile(join(root, 'notes.txt'), 'the word is plum\n');
      server.reply(
        { toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'notes.txt' } }] },
        { text: 'The word is plum.' },
      );
      const first = await withAgent(async (agent) => {
        const { sessionId } = await agent.request(methods.agent.session.new, { cwd: root, mcpServers: [] });
        expect(await prompt(agent, sessionId, 'What is the word?')).toEqual({ stopReason: 'end_turn' });
        return sessionId;
      });
      expect(first.code).toBe(0);
      const sessionId = first.value;

      server.reply({ text: 'Still plum.' });
      const second = await withAgent(async (agent, updates) => {
        const listed = await agent.request(methods.agent.session.list, { cwd: root });
        expect(listed.sessions).toEqual([
          { sessionId, cwd: root, title: 'What is the word?', updatedAt: expect.any(String) },
        ]);
        const loaded = await agent.request(methods.agent.session.load, {
          sessionId,
          cwd: root,
          mcpServers: [],
        });
        expect(loaded.modes?.currentModeId).toBe('auto');
        // Every replayed update arrived before the answer to session/load; the commands follow it.
        const replayed = updates
          .map(({ update }) => update)
          .filter((update) => update.sessionUpdate !== 'available_commands_update');
        expect(replayed.map((update) => update.sessionUpdate)).toEqual([
          'user_message_chunk',
          'tool_call',
          'agent_message_chunk',
        ]);
        await expect
          .poll(() => updates.find(({ update }) => update.sessionUpdate === 'available_commands_update'))
          .toMatchObject({
            update: {
              availableCommands: expect.arrayContaining([
                { name: 'compact', description: expect.any(String) },
              ]),
            },
          });
        expect(replayed[0]).toMatchObject({ content: { type: 'text', text: 'What is the word?' } });
        expect(replayed[1]).toMatchObject({
          toolCallId: 'call_read',
          title: 'Read notes.txt',
          kind: 'read',
          status: 'completed',
          locations: [{ path: join(root, 'notes.txt') }],
          rawInput: { path: 'notes.txt' },
        });
        expect(JSON.stringify(replayed[1])).toContain('the word is plum');
        expect(replayed[2]).toMatchObject({ content: { type: 'text', text: 'The word is plum.' } });
        expect(updates.every((update) => update.sessionId === sessionId)).toBe(true);
        expect(await prompt(agent, sessionId, 'And again?')).toEqual({ stopReason: 'end_turn' });
        server.replyWhen('You write the summary', { text: 'They asked for the word: plum.' });
        expect(await prompt(agent, sessionId, '/compact')).toEqual({ stopReason: 'end_turn' });
        expect(JSON.stringify(updates.at(-1))).toContain('Compacted 1 earlier turn(s) into a summary');

        // Loading it twice in one process is refused; closing keeps the record, and resume goes on.
        await expect(
          agent.request(methods.agent.session.load, { sessionId, cwd: root, mcpServers: [] }),
        ).rejects.toThrow(/is open already/);
        await agent.request(methods.agent.session.close, { sessionId });
        const before = updates.length;
        await agent.request(methods.agent.session.resume, { sessionId, cwd: root });
        // Resuming replays nothing: only the commands are offered again, after the answer.
        await expect
          .poll(() => updates.slice(before).map(({ update }) => update.sessionUpdate))
          .toEqual(['available_commands_update']);
        server.reply({ text: 'Plum, thrice.' });
        expect(await prompt(agent, sessionId, 'Once more?')).toEqual({ stopReason: 'end_turn' });
      });
      expect(second.code).toBe(0);
      const messages = server.requests[2]!.body!.messages;
      expect(messages.map((message) => message.role)).toEqual([
        'system',
        'user',
        'assistant',
        'tool',
        'assistant',
        'user',
      ]);
      expect(userTexts(2)).toEqual(['What is the word?', 'And again?']);
      // The request after /compact (the summary's was the fourth): the summary, the last turn, the new prompt.
      const last = userTexts(4);
      expect(last).toHaveLength(3);
      expect(last[0]).toContain('They asked for the word: plum.');
      expect(last.slice(1)).toEqual(['And again?', 'Once more?']);
    });

    it('refuses to load an unknown session, a bad id, and a session in another cwd', async () => {
      server.reply({ text: 'one' });
      const { value } = await withAgent(async (agent) => {
        const { sessionId } = await agent.request(methods.agent.session.new, { cwd: root, mcpServers: [] });
        await prompt(agent, sessionId, 'one');
        await agent.request(methods.agent.session.close, { sessionId });
        const other = join(root, 'other');
        await mkdir(other);
        const errors: unknown[] = [];
        for (const params of [
          { sessionId: 'no-such-session', cwd: root, mcpServers: [] },
          { sessionId: '../../etc', cwd: root, mcpServers: [] },
          { sessionId, cwd: other, mcpServers: [] },
        ])
          errors.push(
            await agent.request(methods.agent.session.load, params).catch((error: unknown) => error),
          );
        return errors;
      });
      expect(value[0]).toMatchObject({
        code: -32002,
        message: expect.stringContaining('No stored session "no-such-session"'),
      });
      expect(value[1]).toMatchObject({
        code: -32002,
        message: expect.stringContaining('is not a session id'),
      });
      expect(value[2]).toMatchObject({
        code: -32602,
        message: expect.stringContaining('load it with that cwd'),
      });
      expect(server.requests).toHaveLength(1);
    });
  },
);
