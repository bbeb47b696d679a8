import { createHash } from 'node:crypto';
import { mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createAgent } from '@toolgate/agent';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import type { ApprovalAnswer, ApprovalRules } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withHooks } from '../hooks/with-hooks.js';
import { createSessionTools } from '../session/create-session-tools.js';
import { createAuditLog } from './create-audit-log.js';

let root: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-audit-')));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const denyEcho: ApprovalRules = async (request) =>
  request.toolName === 'bash'
    ? {
        decision: 'deny',
        reason: 'the deny rule "bash(echo:*)" matches',
        rule: { text: 'bash(echo:*)', source: '/home/u/.config/toolgate/config.json' },
      }
    : undefined;

const digest = (value: unknown) =>
  `sha256:${createHash('sha256').update(JSON.stringify(value)).digest('hex')}`;

describe('createAuditLog', () => {
  it.each([
    ['missing/dir/audit.jsonl', /\(ENOENT\): its directory does not exist/],
    ['.', /\(EISDIR\): it is a directory/],
  ])('refuses %j as a configuration error that says why', async (name, message) => {
    const opening = createAuditLog({ file: join(root, name), session: 's', answeredBy: 'terminal' });
    await expect(opening).rejects.toMatchObject({ code: 'config_invalid' });
    await expect(
      createAuditLog({ file: join(root, name), session: 's', answeredBy: 'terminal' }),
    ).rejects.toThrow(message);
  });

  it('writes one line per decision: an approval, a rule denial, a hook block, a policy refusal, a rejection — and no argument value', async () => {
    const file = join(root, 'audit.jsonl');
    const audit = await createAuditLog({ file, session: 'session-1', answeredBy: 'terminal' });
    const answers: ApprovalAnswer[] = ['allow_once', { kind: 'reject_once', feedback: 'not that' }];
    const provider = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL });
    const agent = createAgent({
      model: provider.chatModel('fake-model'),
      tools: async () => {
        const tools = await createSessionTools({ root, sandbox: 'unconfined' });
        return { tools: tools.provider, close: tools.close };
      },
      approval: { mode: 'manual', approver: async () => answers.shift() ?? 'reject_once', rules: denyEcho },
      before: [
        withHooks({
          hooks: { preToolUse: [{ matcher: 'read_file', command: 'echo "no reading" >&2; exit 2' }] },
          sessionId: 'session-1',
          cwd: root,
        }),
      ],
      policy: { name: 'no-search', allowedTools: ['bash', 'read_file', 'write_file'] },
      limits: { maxRetries: 0 },
    });
    const session = await agent.createSession();
    const calls = [
      { id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'hello' } },
      { id: 'b1', name: 'bash', arguments: { action: 'exec', command: 'echo TOKEN=sk-live-bash' } },
      { id: 'r1', name: 'read_file', arguments: { path: 'a.txt' } },
      { id: 'g1', name: 'glob', arguments: { pattern: '**/*' } },
      { id: 'w2', name: 'write_file', arguments: { path: '.env.example', content: 'API_KEY=sk-live-write' } },
    ];
    server.reply({ toolCalls: [calls[0]!] }, { text: 'wrote it' });
    for (const call of calls.slice(1)) server.reply({ toolCalls: [call] });
    try {
      for (let turn = 0; turn < calls.length; turn++) {
        for await (const event of session.prompt(`turn ${turn}`)) audit.onEvent(event);
      }
    } finally {
      await session.close();
      await audit.close();
    }
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const records = lines.map((line) => JSON.parse(line));
    for (const record of records) {
      expect(Date.parse(record.time)).not.toBeNaN();
      delete record.time;
    }
    expect(typeof records[0].questionMs).toBe('number');
    delete records[0].questionMs;
    expect(typeof records[4].questionMs).toBe('number');
    delete records[4].questionMs;
    expect(records).toEqual([
      {
        session: 'session-1',
        callId: 'w1',
        tool: 'write_file',
        arguments: digest(calls[0]!.arguments),
        mode: 'manual',
        decidedBy: 'mode',
        answeredBy: 'terminal',
        answer: 'allow_once',
        status: 'success',
      },
      {
        session: 'session-1',
        callId: 'b1',
        tool: 'bash',
        arguments: digest(calls[1]!.arguments),
        mode: 'manual',
        decidedBy: 'rule',
        rule: { text: 'bash(echo:*)', source: '/home/u/.config/toolgate/config.json' },
        status: 'rejected',
        rejectedBy: 'rule',
      },
      {
        session: 'session-1',
        callId: 'r1',
        tool: 'read_file',
        arguments: digest(calls[2]!.arguments),
        decidedBy: 'hook',
        hook: 'echo "no reading" >&2; exit 2',
        status: 'rejected',
        rejectedBy: 'hook',
      },
      {
        session: 'session-1',
        callId: 'g1',
        tool: 'glob',
        arguments: digest(calls[3]!.arguments),
        decidedBy: 'policy',
        status: 'rejected',
        rejectedBy: 'policy',
      },
      {
        session: 'session-1',
        callId: 'w2',
        tool: 'write_file',
        arguments: digest(calls[4]!.arguments),
        mode: 'manual',
        decidedBy: 'mode',
        answeredBy: 'terminal',
        answer: 'reject_once',
        feedback: true,
        status: 'rejected',
        rejectedBy: 'approval',
      },
    ]);
    const text = lines.join('\n');
    expect(text).not.toContain('sk-live');
    expect(text).not.toContain('not that');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("logs a delegate's child calls with the child's name, a tool its policy hides as decided by policy", async () => {
    const file = join(root, 'audit.jsonl');
    const audit = await createAuditLog({ file, session: 'session-2', answeredBy: 'terminal' });
    const provider = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL });
    const agent = createAgent({
      model: provider.chatModel('fake-model'),
      tools: async () => {
        const tools = await createSessionTools({ root, sandbox: 'unconfined' });
        return { tools: tools.provider, close: tools.close };
      },
      approval: { mode: 'auto' },
      delegates: {
        definitions: [
          { name: 'explore', description: 'Looks around.', instructions: 'CHILD-EXPLORE', readOnly: true },
        ],
      },
      limits: { maxRetries: 0 },
    });
    server.reply(
      { toolCalls: [{ id: 'd1', name: 'delegate_explore', arguments: { task: 'look' } }] },
      { text: 'parent done' },
    );
    server.replyWhen(
      'CHILD-EXPLORE',
      {
        toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'sk-live-child' } }],
      },
      { text: 'child done' },
    );
    const session = await agent.createSession();
    try {
      for await (const event of session.prompt('go')) audit.onEvent(event);
    } finally {
      await session.close();
      await audit.close();
    }
    const text = await readFile(file, 'utf8');
    const records = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(
      records.map(({ agent, callId, tool, decidedBy, status, rejectedBy }) => ({
        agent,
        callId,
        tool,
        decidedBy,
        status,
        rejectedBy,
      })),
    ).toEqual([
      {
        agent: 'explore',
        callId: 'w1',
        tool: 'write_file',
        decidedBy: 'policy',
        status: 'rejected',
        rejectedBy: 'policy',
      },
      {
        agent: undefined,
        callId: 'd1',
        tool: 'delegate_explore',
        decidedBy: 'mode',
        status: 'success',
        rejectedBy: undefined,
      },
    ]);
    expect(text).not.toContain('sk-live');
  });

  it('appends to an existing log, line by line', async () => {
    const file = join(root, 'audit.jsonl');
    for (const id of ['x1', 'x2']) {
      const audit = await createAuditLog({ file, session: id, answeredBy: 'terminal' });
      audit.onEvent({
        type: 'tool-call-end',
        call: { id, name: 'read_file', arguments: '{"path":"a"}' },
        result: { status: 'failure', error: { code: 'not_found', message: 'no' } },
        durationMs: 1,
      });
      await audit.close();
    }
    const records = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(
      records.map((record) => [record.session, record.status, record.errorCode, record.arguments]),
    ).toEqual([
      ['x1', 'failure', 'not_found', `sha256:${createHash('sha256').update('{"path":"a"}').digest('hex')}`],
      ['x2', 'failure', 'not_found', `sha256:${createHash('sha256').update('{"path":"a"}').digest('hex')}`],
    ]);
  });
});
