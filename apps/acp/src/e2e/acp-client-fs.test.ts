import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editorState, promptTurn, SKIP_REASON, type Turn, withEditor } from './editor-client.js';

const EDITOR_FS = { fs: { readTextFile: true, writeTextFile: true }, terminal: false };

let root: string;
let configHome: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-fs-')));
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-acp-fs-config-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(configHome, { recursive: true, force: true });
});

const env = (approval = 'auto') => ({
  TOOLGATE_MODEL: 'openai-compatible:fake',
  TOOLGATE_BASE_URL: server.baseURL,
  TOOLGATE_APPROVAL: approval,
  XDG_CONFIG_HOME: configHome,
});
const call = (name: string, args: Record<string, unknown>) => ({
  toolCalls: [{ id: 'c1', name, arguments: args }],
});
const updatesOf = (turn: Turn, id: string): SessionUpdate[] =>
  turn.updates.filter(
    (update) =>
      (update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update') &&
      update.toolCallId === id,
  );
const statuses = (turn: Turn, id: string) =>
  updatesOf(turn, id).map((update) => ('status' in update ? update.status : undefined));
/** What the model read back: the second request's messages. */
const secondRequest = () => JSON.stringify(server.requests[1]?.body?.messages ?? []);

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate-acp with an editor's files ${SKIP_REASON ?? ''}`,
  { timeout: 90_000 },
  () => {
    it("reads the editor's unsaved buffer, not the disk, and reports the call in progress before it completes", async () => {
      const path = join(root, 'notes.txt');
      await writeFile(path, 'saved on disk\n');
      const state = editorState({ [path]: 'unsaved in the editor\n' });
      server.reply(call('read_file', { path: 'notes.txt' }), { text: 'done' });
      const { value } = await withEditor({ env: env(), capabilities: EDITOR_FS, state }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, 'read it')),
      );
      expect(value.stopReason).toBe('end_turn');
      expect(secondRequest()).toContain('unsaved in the editor');
      expect(secondRequest()).not.toContain('saved on disk');
      expect(state.log.requests).toEqual([
        { method: 'fs/read_text_file', params: expect.objectContaining({ path }) },
      ]);
      // auto mode: nobody is asked, and the call still goes pending → in_progress → completed.
      expect(statuses(value, 'c1')).toEqual(['pending', 'in_progress', 'completed']);
    });

    it('reads the disk when the editor does not hold the file', async () => {
      await writeFile(join(root, 'closed.txt'), 'only on disk\n');
      const state = editorState();
      server.reply(call('read_file', { path: 'closed.txt' }), { text: 'done' });
      await withEditor({ env: env(), capabilities: EDITOR_FS, state }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, 'read it')),
      );
      expect(secondRequest()).toContain('only on disk');
      expect(state.log.requests.map((request) => request.method)).toEqual(['fs/read_text_file']);
    });

    it("edits through fs/write_text_file against the buffer's text, and never touches the disk", async () => {
      const path = join(root, 'greet.ts');
      await writeFile(path, 'export const who = "disk";\n');
      const state = editorState({ [path]: 'export const who = "buffer";\n' });
      server.reply(call('edit', { path: 'greet.ts', old_string: '"buffer"', new_string: '"editor"' }), {
        text: 'done',
      });
      const { value } = await withEditor({ env: env(), capabilities: EDITOR_FS, state }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, 'edit it')),
      );
      expect(statuses(value, 'c1').at(-1)).toBe('completed');
      expect(state.log.requests.filter((request) => request.method === 'fs/write_text_file')).toEqual([
        {
          method: 'fs/write_text_file',
          params: expect.objectContaining({ path, content: 'export const who = "editor";\n' }),
        },
      ]);
      expect(await readFile(path, 'utf8')).toBe('export const who = "disk";\n');
    });

    it('writes a new file through the editor with write_file', async () => {
      const path = join(root, 'src', 'new.txt');
      const state = editorState();
      server.reply(call('write_file', { path: 'src/new.txt', content: 'fresh\n' }), { text: 'done' });
      const { value } = await withEditor({ env: env(), capabilities: EDITOR_FS, state }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, 'write it')),
      );
      expect(statuses(value, 'c1').at(-1)).toBe('completed');
      expect(state.buffers.get(path)).toBe('fresh\n');
      expect(existsSync(path)).toBe(false);
    });

    it('refuses a path outside the workspace without ever asking the editor', async () => {
      const outside = await mkdtemp(join(tmpdir(), 'toolgate-acp-fs-outside-'));
      try {
        const target = join(outside, 'x.txt');
        await writeFile(target, 'outside\n');
        const state = editorState({ [target]: 'outside buffer\n' });
        server.reply(
          { toolCalls: [{ id: 'r', name: 'read_file', arguments: { path: target } }] },
          { toolCalls: [{ id: 'w', name: 'write_file', arguments: { path: target, content: 'no\n' } }] },
          { text: 'done' },
        );
        const { value } = await withEditor({ env: env(), capabilities: EDITOR_FS, state }, (agent) =>
          agent.buildSession(root).withSession((session) => promptTurn(session, 'escape')),
        );
        expect(state.log.requests).toEqual([]);
        expect(statuses(value, 'r').at(-1)).toBe('failed');
        expect(statuses(value, 'w').at(-1)).toBe('failed');
        expect(JSON.stringify(server.requests[1]?.body?.messages)).toContain('path_outside_workspace');
        expect(await readFile(target, 'utf8')).toBe('outside\n');
      } finally {
        await rm(outside, { recursive: true, force: true });
      }
    });

    it('refuses a protected path and a secret even though the editor would write them', async () => {
      await mkdir(join(root, '.git'));
      await writeFile(join(root, '.git', 'config'), '[core]\n');
      const state = editorState({ [join(root, '.git', 'config')]: '[core]\n' });
      server.reply(
        { toolCalls: [{ id: 'g', name: 'write_file', arguments: { path: '.git/config', content: 'x' } }] },
        { toolCalls: [{ id: 's', name: 'write_file', arguments: { path: '.env', content: 'K=v' } }] },
        {
          toolCalls: [
            {
              id: 'e',
              name: 'edit',
              arguments: { path: '.git/config', old_string: 'core', new_string: 'x' },
            },
          ],
        },
        { text: 'done' },
      );
      const { value } = await withEditor({ env: env(), capabilities: EDITOR_FS, state }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, 'protected')),
      );
      expect(state.log.requests).toEqual([]);
      for (const id of ['g', 's', 'e']) expect(statuses(value, id).at(-1)).toBe('failed');
      const seen = JSON.stringify(server.requests.map((request) => request.body?.messages));
      expect(seen).toContain('path_protected');
      expect(seen).toContain('secret_file');
    });

    it('leaves no partial change when a client write of apply_patch fails half-way, and says so', async () => {
      const first = join(root, 'a.txt');
      const second = join(root, 'b.txt');
      await writeFile(first, 'one\n');
      await writeFile(second, 'two\n');
      const state = editorState({ [first]: 'one (buffer)\n' });
      state.failWrites.add(second);
      const patch = [
        '*** Begin Patch',
        '*** Update File: a.txt',
        '@@',
        '-one (buffer)',
        '+ONE',
        '*** Update File: b.txt',
        '@@',
        '-two',
        '+TWO',
        '*** End Patch',
      ].join('\n');
      server.reply(call('apply_patch', { patch }), { text: 'done' });
      const { value } = await withEditor({ env: env(), capabilities: EDITOR_FS, state }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, 'patch')),
      );
      expect(statuses(value, 'c1').at(-1)).toBe('failed');
      // Whatever the editor wrote first is written back; the disk never changes.
      expect(state.buffers.get(first)).toBe('one (buffer)\n');
      expect(state.buffers.has(second)).toBe(false);
      expect(await readFile(first, 'utf8')).toBe('one\n');
      expect(await readFile(second, 'utf8')).toBe('two\n');
      const writes = state.log.requests.filter((request) => request.method === 'fs/write_text_file');
      expect(writes.at(-1)).toEqual({
        method: 'fs/write_text_file',
        params: expect.objectContaining({ path: first, content: 'one (buffer)\n' }),
      });
      expect(secondRequest()).toContain('Every file already written was restored');
    });

    it('deletes and renames on disk: a Move writes its destination on disk and removes the source there', async () => {
      const from = join(root, 'old.txt');
      await writeFile(from, 'moving\n');
      const state = editorState();
      const patch = [
        '*** Begin Patch',
        '*** Update File: old.txt',
        '*** Move to: new.txt',
        '@@',
        '-moving',
        '+moved',
        '*** End Patch',
      ].join('\n');
      server.reply(call('apply_patch', { patch }), { text: 'done' });
      const { value } = await withEditor({ env: env(), capabilities: EDITOR_FS, state }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, 'move')),
      );
      expect(statuses(value, 'c1').at(-1)).toBe('completed');
      expect(existsSync(from)).toBe(false);
      expect(await readFile(join(root, 'new.txt'), 'utf8')).toBe('moved\n');
      expect(state.log.requests.filter((request) => request.method === 'fs/write_text_file')).toEqual([]);
    });

    it("appends to AGENTS.md through the editor, after the buffer's text", async () => {
      const path = join(root, 'AGENTS.md');
      await writeFile(path, '# on disk\n');
      const state = editorState({ [path]: '# in the buffer\n' });
      server.reply(call('update_agents_md', { action: 'append', text: '- a new fact\n' }), { text: 'done' });
      const { value } = await withEditor({ env: env(), capabilities: EDITOR_FS, state }, (agent) =>
        agent.buildSession(root).withSession((session) => promptTurn(session, 'remember')),
      );
      expect(statuses(value, 'c1').at(-1)).toBe('completed');
      expect(state.buffers.get(path)).toBe('# in the buffer\n- a new fact\n');
      expect(await readFile(path, 'utf8')).toBe('# on disk\n');
    });

    it('works on the disk, as before, with a client that offers no files', async () => {
      const path = join(root, 'plain.txt');
      await writeFile(path, 'alpha\n');
      const state = editorState({ [path]: 'never asked\n' });
      server.reply(call('edit', { path: 'plain.txt', old_string: 'alpha', new_string: 'beta' }), {
        text: 'done',
      });
      await withEditor(
        {
          env: env(),
          capabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
          state,
        },
        (agent) => agent.buildSession(root).withSession((session) => promptTurn(session, 'edit it')),
      );
      expect(state.log.requests).toEqual([]);
      expect(await readFile(path, 'utf8')).toBe('beta\n');
    });
  },
);
