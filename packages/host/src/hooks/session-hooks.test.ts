import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import { openHostSession } from '../session/open-host-session.js';

let directory: string;
let root: string;
let server: FakeModelServer;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-session-hooks-')));
  root = join(directory, 'repo');
  await mkdir(root);
  await writeFile(join(root, 'notes.txt'), 'one\n');
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const log = () => join(directory, 'events.jsonl');
/** A hook that appends its stdin, one line, to the log. */
/** One append per event, in one piece (hooks may run at once). */
const record = () => ({ command: `line=$(cat); printf '%s\\n' "$line" >> '${log()}'` });

async function events(): Promise<Record<string, unknown>[]> {
  if (!existsSync(log())) return [];
  return (await readFile(log(), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** An agent session on the fake model under a named config file. */
async function agentOf(config: object, approve: 'allow_once' | 'reject_once' = 'allow_once') {
  const configFile = join(directory, 'toolgate.config.json');
  await writeFile(configFile, JSON.stringify(config));
  const notices: string[] = [];
  const settings = await resolveSessionSettings({
    root,
    env: { XDG_CONFIG_HOME: join(directory, 'config-home') },
    configFile,
    systemManagedFile: join(directory, 'no-managed.json'),
    notice: (line) => notices.push(line),
  });
  const asked: string[] = [];
  const session = await openHostSession(settings, {
    answeredBy: 'test',
    env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
    notice: (line) => notices.push(line),
    sessionId: 'session-1',
    approver: async (request) => {
      asked.push(request.toolName);
      return approve;
    },
    purpose: { kind: 'agent' },
  });
  return { session, notices, asked };
}

const lastUserText = (index: number) => {
  const messages = server.requests[index]!.body!.messages;
  const user = messages.filter((message) => message.role === 'user').at(-1);
  return JSON.stringify(user?.content);
};

describe('session hooks', () => {
  it('fire each event once, in order, with Claude Code’s fields', async () => {
    const every = Object.fromEntries(
      [
        'sessionStart',
        'userPromptSubmit',
        'preToolUse',
        'permissionRequest',
        'postToolUse',
        'postToolUseFailure',
        'stop',
        'subagentStart',
        'subagentStop',
        'notification',
        'sessionEnd',
      ].map((event) => [event, [record()]]),
    );
    const { session } = await agentOf({
      hooks: every,
      // edit runs unasked, so its failure (the text is not in the file) comes back from approval.
      permissions: { ask: ['write_file'], allow: ['edit'] },
    });
    server.reply(
      { toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'notes.txt' } }] },
      {
        toolCalls: [
          { id: 'r2', name: 'edit', arguments: { path: 'notes.txt', old_string: 'zzz', new_string: 'y' } },
        ],
      },
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'new.txt', content: 'x' } }] },
      { toolCalls: [{ id: 'd1', name: 'delegate_explore', arguments: { task: 'look' } }] },
      { text: 'all done' },
    );
    server.replyWhen('You are explore', { text: 'looked' });
    const result = await session.prompt('go').result;
    await session.close();
    expect(result.stopReason).toBe('completed');
    const seen = await events();
    expect(seen.map((event) => [event.hook_event_name, event.tool_use_id ?? event.agent_id ?? ''])).toEqual([
      ['SessionStart', ''],
      ['UserPromptSubmit', ''],
      ['PreToolUse', 'r1'],
      ['PostToolUse', 'r1'],
      ['PreToolUse', 'r2'],
      ['PostToolUseFailure', 'r2'],
      ['PreToolUse', 'w1'],
      ['PermissionRequest', 'w1'],
      ['Notification', ''],
      ['PostToolUse', 'w1'],
      ['PreToolUse', 'd1'],
      ['SubagentStart', 'd1'],
      ['SubagentStop', 'd1'],
      ['PostToolUse', 'd1'],
      ['Stop', ''],
      ['SessionEnd', ''],
    ]);
    for (const event of seen)
      expect(event).toMatchObject({ session_id: 'session-1', cwd: root, permission_mode: 'safe' });
    const byName = (name: string) => seen.find((event) => event.hook_event_name === name)!;
    expect(byName('SessionStart')).toMatchObject({ source: 'startup' });
    expect(byName('UserPromptSubmit')).toMatchObject({ prompt: 'go' });
    expect(byName('PreToolUse')).toMatchObject({ tool_name: 'read_file', tool_input: { path: 'notes.txt' } });
    expect(byName('PostToolUseFailure')).toMatchObject({ tool_name: 'edit', error: expect.any(String) });
    expect(byName('PermissionRequest')).toMatchObject({
      tool_name: 'write_file',
      tool_input: { path: 'new.txt', content: 'x' },
    });
    expect(byName('Notification')).toMatchObject({ notification_type: 'permission_prompt' });
    expect(byName('SubagentStart')).toMatchObject({ agent_type: 'explore' });
    expect(byName('SubagentStop')).toMatchObject({ agent_type: 'explore', stop_hook_active: false });
    expect(byName('Stop')).toMatchObject({ stop_hook_active: false, last_assistant_message: 'all done' });
    expect(byName('SessionEnd')).toMatchObject({ reason: 'other' });
  });

  it('userPromptSubmit may block the prompt (no model request) or add context to it', async () => {
    const blocking = await agentOf({
      hooks: {
        userPromptSubmit: [
          {
            command:
              'grep -q secret && { echo "no secrets in prompts" >&2; exit 2; }; echo "Team style: be brief."',
          },
        ],
      },
    });
    server.reply({ text: 'ok' });
    const blocked = await blocking.session.prompt('tell me the secret').result;
    expect({ stopReason: blocked.stopReason, text: blocked.text, requests: server.requests.length }).toEqual({
      stopReason: 'blocked_by_policy',
      text: expect.stringContaining('no secrets in prompts'),
      requests: 0,
    });
    const allowed = await blocking.session.prompt('hello').result;
    await blocking.session.close();
    expect(allowed.stopReason).toBe('completed');
    expect(lastUserText(0)).toContain('Team style: be brief.');
  });

  it("preCompact hears a person's /compact before the summary is asked for", async () => {
    const { session } = await agentOf({ hooks: { preCompact: [record()] } });
    server.reply({ text: 'first' }, { text: 'second' }, { text: 'summary of the first turn' });
    await session.prompt('one').result;
    await session.prompt('two').result;
    expect(await events()).toEqual([]);
    const compacted = await session.compact();
    await session.close();
    expect(compacted.compacted).toBe(true);
    expect(await events()).toEqual([
      expect.objectContaining({ hook_event_name: 'PreCompact', trigger: 'manual', session_id: 'session-1' }),
    ]);
  });

  it('preCompact hears the agent compact on its own near the window, with trigger auto and its matcher', async () => {
    const { session } = await agentOf({
      limits: { contextWindow: 100_000 },
      hooks: {
        preCompact: [
          { matcher: 'auto', ...record() },
          { matcher: 'manual', command: 'exit 1' },
        ],
      },
    });
    server.reply(
      { text: 'first' },
      { text: 'second' },
      { text: 'summary of the first turn' },
      { text: 'third' },
    );
    await session.prompt('one').result;
    // About 90,000 tokens of the 100,000, over 80% of the window, but no turn before the last to
    // compact yet: nothing is, and the hook hears nothing. The next prompt compacts turn one.
    await session.prompt(`two ${'x'.repeat(315_000)}`).result;
    expect(await events()).toEqual([]);
    const third = session.prompt('three');
    const kinds: string[] = [];
    for await (const event of third) kinds.push(event.type);
    await session.close();
    expect(kinds).toContain('compaction');
    expect(await events()).toEqual([
      expect.objectContaining({
        hook_event_name: 'PreCompact',
        trigger: 'auto',
        custom_instructions: '',
        session_id: 'session-1',
      }),
    ]);
    // The summary was asked for by a request without tools, before the turn's own.
    expect(server.requests).toHaveLength(4);
    expect(server.requests[2]!.body!.tools).toBeUndefined();
  });

  it('sessionStart adds its context to the system prompt', async () => {
    const { session } = await agentOf({
      hooks: {
        sessionStart: [
          {
            command: `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"Ticket ABC-1 is open."}}'`,
          },
        ],
      },
    });
    server.reply({ text: 'ok' });
    await session.prompt('hi').result;
    await session.close();
    expect(JSON.stringify(server.requests[0]!.body!.messages[0])).toContain('Ticket ABC-1 is open.');
  });

  it('stop may ask the agent to continue once; a stop hook that always asks is cut off by the loop guard', async () => {
    const once = await agentOf({
      hooks: {
        stop: [
          {
            command: `grep -q '"stop_hook_active":false' && { echo "run the tests first" >&2; exit 2; }; exit 0`,
          },
        ],
      },
    });
    server.reply({ text: 'done?' }, { text: 'tests ran' });
    const result = await once.session.prompt('work').result;
    await once.session.close();
    expect({ stopReason: result.stopReason, text: result.text, requests: server.requests.length }).toEqual({
      stopReason: 'completed',
      text: 'tests ran',
      requests: 2,
    });
    expect(lastUserText(1)).toContain('run the tests first');

    const always = await agentOf({ hooks: { stop: [{ command: 'echo "again" >&2; exit 2' }] } });
    server.reply({ text: '1' }, { text: '2' }, { text: '3' }, { text: '4' }, { text: 'never' });
    const guarded = await always.session.prompt('work').result;
    await always.session.close();
    expect({ text: guarded.text, requests: server.requests.length }).toEqual({ text: '4', requests: 6 });
    expect(always.notices.join('\n')).toContain('loop guard');
  });

  it('an updatedInput of preToolUse is judged again as a new call: a rule denies it, nothing is written', async () => {
    const rewrite = JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { path: 'secret.txt', content: 'x' } },
    });
    const { session } = await agentOf({
      approval: 'auto',
      permissions: { deny: ['write_file(secret.txt)'] },
      hooks: {
        preToolUse: [{ matcher: 'write_file', command: `grep -q a.txt && echo '${rewrite}'; exit 0` }],
      },
    });
    server.reply(
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'x' } }] },
      { text: 'never' },
    );
    const turn = session.prompt('write');
    const results = [];
    for await (const event of turn) if (event.type === 'tool-result') results.push(event.result);
    await session.close();
    expect(results).toEqual([expect.objectContaining({ status: 'rejected', by: 'rule' })]);
    expect([existsSync(join(root, 'a.txt')), existsSync(join(root, 'secret.txt'))]).toEqual([false, false]);
  });

  it('a second rewrite of the same call is refused', async () => {
    const rewrite = JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { path: 'b.txt', content: 'x' } },
    });
    const { session } = await agentOf({
      approval: 'auto',
      hooks: { preToolUse: [{ matcher: 'write_file', command: `echo '${rewrite}'` }] },
    });
    server.reply(
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'x' } }] },
      { text: 'never' },
    );
    const turn = session.prompt('write');
    const results = [];
    for await (const event of turn) if (event.type === 'tool-result') results.push(event.result);
    await session.close();
    expect(results).toEqual([
      expect.objectContaining({
        status: 'rejected',
        by: 'hook',
        reason: expect.stringContaining('second rewrite'),
      }),
    ]);
    expect(existsSync(join(root, 'b.txt'))).toBe(false);
  });

  it('permissionRequest answers the question: deny with a message the model reads, allow, a rewrite judged again, a failure denies', async () => {
    const answer = (decision: object) =>
      `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } })}'`;
    const outcomes: unknown[] = [];
    for (const command of [
      answer({ behavior: 'deny', message: 'use the staging bucket' }),
      answer({ behavior: 'allow' }),
      answer({ behavior: 'allow', updatedInput: { path: 'secret.txt', content: 'x' } }),
      'exit 1',
    ]) {
      await rm(join(root, 'a.txt'), { force: true });
      // A fresh model server: a refused call leaves its case's answer unread.
      await server.close();
      server = await startFakeModelServer();
      const { session, asked } = await agentOf(
        {
          approval: 'manual',
          permissions: { deny: ['write_file(secret.txt)'] },
          hooks: { permissionRequest: [{ command }] },
        },
        'reject_once',
      );
      server.reply(
        { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'x' } }] },
        { text: 'ok' },
      );
      const turn = session.prompt('write');
      let result: unknown;
      for await (const event of turn) if (event.type === 'tool-result') result = event.result;
      await session.close();
      outcomes.push({ result, asked: asked.length, written: existsSync(join(root, 'a.txt')) });
    }
    expect(outcomes).toEqual([
      {
        result: expect.objectContaining({
          status: 'rejected',
          feedback: expect.stringContaining('use the staging bucket'),
        }),
        asked: 0,
        written: false,
      },
      { result: expect.objectContaining({ status: 'success' }), asked: 0, written: true },
      { result: expect.objectContaining({ status: 'rejected', by: 'rule' }), asked: 0, written: false },
      {
        result: expect.objectContaining({
          status: 'rejected',
          feedback: expect.stringContaining('Denied by'),
        }),
        asked: 0,
        written: false,
      },
    ]);
    expect(existsSync(join(root, 'secret.txt'))).toBe(false);
  });
});
