import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApprovalRequest } from '@toolgate/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from './agent-event.js';
import {
  type AgentKit,
  type AgentKitOptions,
  collect,
  createAgentKit,
  toolResultsOf,
} from './test-support/agent-test-kit.js';

let kit: AgentKit | undefined;
afterEach(async () => {
  await kit?.dispose();
  kit = undefined;
});

async function start(options: AgentKitOptions = {}): Promise<AgentKit> {
  kit = await createAgentKit(options);
  return kit;
}

const toolEvents = (events: readonly AgentEvent[]) =>
  events
    .filter((event) => event.type === 'tool-call-start' || event.type === 'tool-call-end')
    .map(
      (event) =>
        `${event.type === 'tool-call-start' ? 'start' : 'end'} ${'call' in event ? event.call.id : ''}`,
    );

describe('the tool calls of one step', () => {
  it('runs read-only calls in parallel: both start before either ends', async () => {
    const { server, session, root } = await start();
    await writeFile(join(root, 'a.txt'), 'alpha\n');
    await writeFile(join(root, 'b.txt'), 'beta\n');
    server.reply(
      {
        toolCalls: [
          { id: 'ra', name: 'read_file', arguments: { path: 'a.txt' } },
          { id: 'rb', name: 'read_file', arguments: { path: 'b.txt' } },
        ],
      },
      { text: 'done' },
    );
    const { events, result } = await collect(session.prompt('read both'));
    expect(result.stopReason).toBe('completed');
    expect(toolEvents(events).slice(0, 2)).toEqual(['start ra', 'start rb']);
    const second = toolResultsOf(server.requests[1]!.body!.messages);
    expect(second.map((entry) => entry.id)).toEqual(['ra', 'rb']);
    expect(second[0]!.content).toContain('alpha');
    expect(second[1]!.content).toContain('beta');
  });

  it('runs calls that are not read-only one after another, in the model order', async () => {
    const { server, session } = await start();
    server.reply(
      {
        toolCalls: [
          { id: 'w1', name: 'write_file', arguments: { path: 'n.txt', content: 'one' } },
          { id: 'w2', name: 'write_file', arguments: { path: 'n.txt', content: 'two' } },
        ],
      },
      { toolCalls: [{ id: 'r', name: 'read_file', arguments: { path: 'n.txt' } }] },
      { text: 'done' },
    );
    const { events } = await collect(session.prompt('write twice'));
    expect(toolEvents(events).slice(0, 4)).toEqual(['start w1', 'end w1', 'start w2', 'end w2']);
    expect(toolResultsOf(server.requests[2]!.body!.messages).at(-1)!.content).toContain('two');
  });

  it('asks the approver one question at a time, even for parallel calls', async () => {
    let open = 0;
    let most = 0;
    const asked: ApprovalRequest[] = [];
    const { server, session, root } = await start({
      mode: 'manual',
      approver: async (request) => {
        open += 1;
        most = Math.max(most, open);
        asked.push(request);
        await new Promise((resolve) => setImmediate(resolve));
        open -= 1;
        return 'allow_once';
      },
    });
    await writeFile(join(root, 'x.txt'), 'x');
    await writeFile(join(root, 'y.txt'), 'y');
    server.reply(
      {
        toolCalls: [
          { name: 'read_file', arguments: { path: 'x.txt' } },
          { name: 'read_file', arguments: { path: 'y.txt' } },
        ],
      },
      { text: 'done' },
    );
    const { result } = await collect(session.prompt('read'));
    expect(result.stopReason).toBe('completed');
    expect(asked).toHaveLength(2);
    expect(most).toBe(1);
  });

  it('answers a call to an unknown tool with unknown_tool and the closest name, and goes on', async () => {
    const { server, session } = await start();
    server.reply({ toolCalls: [{ id: 'u', name: 'read_fil', arguments: { path: 'a' } }] }, { text: 'ok' });
    const { result, events } = await collect(session.prompt('x'));
    expect(result.stopReason).toBe('completed');
    const [answer] = toolResultsOf(server.requests[1]!.body!.messages);
    expect(answer).toMatchObject({ id: 'u' });
    expect(answer!.content).toMatch(/^TOOL_ERROR: .*"errorType":"unknown_tool"/);
    expect(answer!.content).toContain('read_file');
    expect(events.filter((event) => event.type === 'tool-result')).toHaveLength(1);
  });

  it('answers a malformed argument string with invalid_arguments the model reads, and goes on', async () => {
    const { server, session } = await start();
    server.reply({ toolCalls: [{ id: 'm', name: 'read_file', arguments: '{"path": "a' }] }, { text: 'ok' });
    const { result } = await collect(session.prompt('x'));
    expect(result.stopReason).toBe('completed');
    const results = toolResultsOf(server.requests[1]!.body!.messages);
    expect(results).toHaveLength(1);
    expect(results[0]!.content).toMatch(/^TOOL_ERROR: .*"errorType":"invalid_arguments"/);
    const assistant = server.requests[1]!.body!.messages.find((message) => message.role === 'assistant');
    expect(assistant?.tool_calls).toEqual([
      { id: 'm', type: 'function', function: { name: 'read_file', arguments: '{}' } },
    ]);
  });

  it('sends the step back as the model made it: reasoning, text and each call with its arguments', async () => {
    const { server, session, root } = await start();
    await writeFile(join(root, 'a.txt'), 'alpha\n');
    server.reply(
      {
        reasoning: 'I should look.',
        text: ['Reading ', 'a.txt.'],
        toolCalls: [{ id: 'r', name: 'read_file', arguments: { path: 'a.txt' } }],
      },
      { text: 'done' },
    );
    const { events } = await collect(session.prompt('read it'));
    expect(events.filter((event) => event.type === 'text-delta' || event.type === 'reasoning-delta')).toEqual(
      [
        { type: 'reasoning-delta', text: 'I should look.' },
        { type: 'text-delta', text: 'Reading ' },
        { type: 'text-delta', text: 'a.txt.' },
        { type: 'text-delta', text: 'done' },
      ],
    );
    const assistant = server.requests[1]!.body!.messages.find((message) => message.role === 'assistant');
    expect(assistant).toEqual({
      role: 'assistant',
      content: 'Reading a.txt.',
      reasoning_content: 'I should look.',
      tool_calls: [
        { id: 'r', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } },
      ],
    });
  });

  it('answers arguments that break the schema with invalid_arguments before any approval question', async () => {
    const asked: string[] = [];
    const { server, session } = await start({
      mode: 'manual',
      approver: async (request) => {
        asked.push(request.toolName);
        return 'allow_once';
      },
    });
    server.reply({ toolCalls: [{ name: 'read_file', arguments: { path: 42 } }] }, { text: 'ok' });
    await collect(session.prompt('x'));
    expect(asked).toEqual([]);
    expect(toolResultsOf(server.requests[1]!.body!.messages)[0]!.content).toContain('invalid_arguments');
  });

  it('keeps the history valid across prompts: every call of the first turn has its result', async () => {
    const { server, session } = await start();
    server.reply(
      { toolCalls: [{ id: 'c1', name: 'read_file', arguments: { path: 'none' } }] },
      { text: 'first' },
    );
    await collect(session.prompt('one'));
    server.reply({ text: 'second' });
    const { result } = await collect(session.prompt('two'));
    expect(result.text).toBe('second');
    const messages = server.requests[2]!.body!.messages;
    expect(messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
    ]);
  });

  it('runs at most limits.maxToolCallsPerStep calls of a step; the rest are answered not run, saying why, and the turn goes on', async () => {
    const { server, session, root } = await start({ limits: { maxToolCallsPerStep: 2 } });
    await writeFile(join(root, 'n.txt'), 'one\n');
    const calls = ['c1', 'c2', 'c3', 'c4'].map((id) => ({
      id,
      name: 'read_file',
      arguments: { path: 'n.txt' },
    }));
    server.reply({ toolCalls: calls }, { text: 'done' });
    const { events, result } = await collect(session.prompt('read four times'));
    expect(result.stopReason).toBe('completed');
    expect(toolEvents(events).filter((event) => event.startsWith('start'))).toEqual(['start c1', 'start c2']);
    const notRun = (id: string) => ({
      id,
      content: `TOOL_ERROR: ${JSON.stringify({
        errorType: 'not_run',
        error:
          'Not run: this step made 4 tool calls and at most 2 run in one step (limits.maxToolCallsPerStep). Make the calls that are still needed again, fewer at a time.',
        tool: 'read_file',
        callId: id,
      })}`,
    });
    const results = toolResultsOf(server.requests[1]!.body!.messages);
    expect(results.map((entry) => entry.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(results.slice(0, 2).map((entry) => entry.content.includes('one'))).toEqual([true, true]);
    expect(results.slice(2)).toEqual([notRun('c3'), notRun('c4')]);
  });

  it('by default runs 64 calls of a step and answers the others not run', async () => {
    const { server, session } = await start();
    const calls = Array.from({ length: 1000 }, (_, index) => ({
      id: `c${index}`,
      name: 'read_file',
      arguments: { path: 'missing.txt' },
    }));
    server.reply({ toolCalls: calls }, { text: 'done' });
    const { events, result } = await collect(session.prompt('read a thousand times'));
    expect(result.stopReason).toBe('completed');
    expect(events.filter((event) => event.type === 'tool-call-start')).toHaveLength(64);
    const results = toolResultsOf(server.requests[1]!.body!.messages);
    expect(results.map((entry) => entry.id)).toEqual(calls.map((call) => call.id));
    expect(results.map((entry) => entry.content.includes('"errorType":"not_run"'))).toEqual(
      calls.map((_, index) => index >= 64),
    );
  });
});
