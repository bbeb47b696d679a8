import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TurnResult } from './agent-event.js';
import { STOP_REASONS } from './stop-reason.js';
import {
  type AgentKit,
  type AgentKitOptions,
  collect,
  createAgentKit,
  processesWith,
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

const seen = new Set<TurnResult['stopReason']>();
function expectStop(result: TurnResult, reason: TurnResult['stopReason']): void {
  expect(result.stopReason).toBe(reason);
  seen.add(reason);
}

describe('stop reasons (one test each)', () => {
  it('completed: the model answers without tool calls; text and usage come back', async () => {
    const { server, session } = await start();
    server.reply({ text: ['Hel', 'lo'], usage: { promptTokens: 7, completionTokens: 2 } });
    const { events, result } = await collect(session.prompt('hi'));
    expectStop(result, 'completed');
    expect(result.text).toBe('Hello');
    expect(result.usage).toEqual({ inputTokens: 7, outputTokens: 2, totalTokens: 9 });
    expect(events.filter((event) => event.type === 'text-delta').map((event) => event.text)).toEqual([
      'Hel',
      'lo',
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', stopReason: 'completed', text: 'Hello' });
  });

  it('blocked_by_policy: a permission rule denies without asking; the call does not run and its rejection is in the history', async () => {
    const asked: string[] = [];
    const { server, session, root } = await start({
      mode: 'manual',
      approver: async (request) => {
        asked.push(request.toolName);
        return 'allow_once';
      },
      rules: async (request) =>
        request.toolName === 'write_file'
          ? { decision: 'deny', reason: 'the deny rule Edit in rules.json' }
          : undefined,
    });
    server.reply(
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'x' } }] },
      { text: 'understood' },
    );
    const { events, result } = await collect(session.prompt('write'));
    expectStop(result, 'blocked_by_policy');
    expect(asked).toEqual([]);
    expect(events.find((event) => event.type === 'tool-call-end')).toMatchObject({
      result: { status: 'rejected', by: 'rule', reason: 'the deny rule Edit in rules.json' },
    });
    await expect(readFile(join(root, 'a.txt'))).rejects.toThrow();
    await collect(session.prompt('why?'));
    expect(toolResultsOf(server.requests[1]!.body!.messages)[0]!.content).toContain(
      'the deny rule Edit in rules.json',
    );
  });

  it('blocked_by_approval: a rejection without feedback stops the turn after exactly one model request', async () => {
    const asked: string[] = [];
    const { server, session, root } = await start({
      mode: 'manual',
      approver: async (request) => {
        asked.push(request.toolName);
        return 'reject_once';
      },
    });
    server.reply(
      {
        toolCalls: [
          { id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'x' } },
          { id: 'r1', name: 'read_file', arguments: { path: 'a.txt' } },
        ],
      },
      { text: 'must not be requested' },
    );
    const { result } = await collect(session.prompt('write a.txt'));
    expectStop(result, 'blocked_by_approval');
    expect(server.requests).toHaveLength(1);
    expect(server.pending()).toBe(1);
    expect(asked).toEqual(['write_file']);
    await expect(readFile(join(root, 'a.txt'))).rejects.toThrow(/ENOENT/);
    const tool = session.history().filter((message) => message.role === 'tool');
    expect(tool).toHaveLength(1);
    const results = tool[0]!.content as { toolCallId: string; output: { value: string } }[];
    expect(results.map((part) => part.toolCallId)).toEqual(['w1', 'r1']);
    expect(results[0]!.output.value).toMatch(/^\[approval-rejected\]/);
    expect(results[1]!.output.value).toMatch(/not_run/);
  });

  it('blocked_by_policy: a call to a tool the session policy hides stops the turn', async () => {
    const { server, session } = await start({ policy: { name: 'explore', allowedTools: ['read_file'] } });
    server.reply(
      { toolCalls: [{ name: 'bash', arguments: { action: 'exec', command: 'true' } }] },
      { text: 'no' },
    );
    const { result } = await collect(session.prompt('run'));
    expectStop(result, 'blocked_by_policy');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body?.tools?.map((tool) => tool.function.name)).toEqual(['read_file']);
  });

  it('max_steps: the model still wants tools when the step limit is reached', async () => {
    const { server, session } = await start({ limits: { maxSteps: 2 } });
    server.reply(
      { toolCalls: [{ name: 'read_file', arguments: { path: 'missing.txt' } }] },
      { toolCalls: [{ name: 'read_file', arguments: { path: 'missing.txt' } }] },
      { text: 'never' },
    );
    const { result } = await collect(session.prompt('loop'));
    expectStop(result, 'max_steps');
    expect(result.steps).toBe(2);
    expect(server.requests).toHaveLength(2);
    expect(session.history().at(-1)?.role).toBe('tool');
  });

  it('max_tokens: the model stopped at its output limit', async () => {
    const { server, session } = await start();
    server.reply({ text: 'The answer is cut', finishReason: 'length' });
    const { result } = await collect(session.prompt('long'));
    expectStop(result, 'max_tokens');
    expect(result.text).toBe('The answer is cut');
  });

  it('refusal: the provider filtered the answer', async () => {
    const { server, session } = await start();
    server.reply({ text: '', finishReason: 'content_filter' });
    const { result } = await collect(session.prompt('something'));
    expectStop(result, 'refusal');
  });

  it('interrupted: aborting during `bash exec sleep` stops the command and leaves no process', async () => {
    const marker = `31.${process.pid}${Date.now() % 1000}`;
    const { server, session } = await start();
    server.reply(
      { toolCalls: [{ id: 'b1', name: 'bash', arguments: { action: 'exec', command: `sleep ${marker}` } }] },
      { text: 'never' },
    );
    const controller = new AbortController();
    const turn = session.prompt('sleep', { signal: controller.signal });
    const events = (async () => {
      for await (const event of turn) {
        if (event.type !== 'tool-call-start') continue;
        while ((await processesWith(marker)).length === 0) await new Promise((r) => setTimeout(r, 10));
        controller.abort();
      }
    })();
    const result = await turn.result;
    await events;
    expectStop(result, 'interrupted');
    expect(server.requests).toHaveLength(1);
    expect(await processesWith(marker)).toEqual([]);
    const tool = session.history().at(-1);
    expect(tool?.role).toBe('tool');
    expect(JSON.stringify(tool?.content)).toMatch(/aborted/);
  });

  it('model_error: a 500 ends the turn with the provider message, never a throw', async () => {
    const { server, session } = await start();
    server.reply({ type: 'error', status: 500, message: 'the model is on fire' });
    const { result } = await collect(session.prompt('hi'));
    expectStop(result, 'model_error');
    expect(result.error).toContain('the model is on fire');
    expect(result.error).toContain('500');
  });

  it('budget_exhausted: the calls past the turn’s budget are not run and the turn ends, naming the budget', async () => {
    const { server, session, root } = await start({ limits: { maxToolCallsPerTurn: 2 } });
    server.reply(
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'a' } }] },
      {
        toolCalls: [
          { id: 'w2', name: 'write_file', arguments: { path: 'b.txt', content: 'b' } },
          { id: 'w3', name: 'write_file', arguments: { path: 'c.txt', content: 'c' } },
        ],
      },
      { text: 'never asked' },
    );
    const { events, result } = await collect(session.prompt('write three'));
    expectStop(result, 'budget_exhausted');
    expect(result.budget).toBe('2 tool calls per turn (limits.maxToolCallsPerTurn)');
    expect(server.requests).toHaveLength(2);
    expect(await readFile(join(root, 'b.txt'), 'utf8')).toBe('b');
    await expect(readFile(join(root, 'c.txt'))).rejects.toThrow();
    expect(
      events.flatMap((event) => (event.type === 'tool-result' ? [[event.call.id, event.result.status]] : [])),
    ).toEqual([
      ['w1', 'success'],
      ['w2', 'success'],
      ['w3', 'failure'],
    ]);
    expect(JSON.stringify(session.history().at(-1)?.content)).toContain('limits.maxToolCallsPerTurn');
  });

  it('budget_exhausted: the wall time of a turn runs out during `bash exec sleep`, which is stopped', async () => {
    const marker = `47.${process.pid}${Date.now() % 1000}`;
    const { server, session } = await start({ limits: { maxTurnMs: 1500 } });
    server.reply(
      { toolCalls: [{ id: 'b1', name: 'bash', arguments: { action: 'exec', command: `sleep ${marker}` } }] },
      { text: 'never' },
    );
    const { result } = await collect(session.prompt('sleep'));
    expectStop(result, 'budget_exhausted');
    expect(result.budget).toBe('1500 ms per turn (limits.maxTurnMs)');
    expect(server.requests).toHaveLength(1);
    expect(await processesWith(marker)).toEqual([]);
  });

  it('budget_exhausted: once the session’s tokens are spent no further model request is made', async () => {
    const { server, session } = await start({ limits: { maxSessionTokens: 10 } });
    server.reply({ text: 'first', usage: { promptTokens: 7, completionTokens: 5 } }, { text: 'never' });
    expectStop((await collect(session.prompt('one'))).result, 'completed');
    const { result } = await collect(session.prompt('two'));
    expectStop(result, 'budget_exhausted');
    expect(result.budget).toBe('10 tokens per session, delegates included (limits.maxSessionTokens)');
  });

  it('context_exceeded: a prompt the provider refuses for its length, with no older turn to compact', async () => {
    const { server, session } = await start();
    server.reply({
      type: 'error',
      status: 400,
      message: "This model's maximum context length is 8192 tokens.",
    });
    const { result } = await collect(session.prompt('a very long prompt'));
    expectStop(result, 'context_exceeded');
    expect(result.error).toContain('maximum context length');
    expect(server.requests).toHaveLength(1);
  });

  it('has one test above for every stop reason', () => {
    expect([...seen].sort()).toEqual([...STOP_REASONS].sort());
  });
});

describe('a rejection with feedback', () => {
  it('is not a stop: the model reads the feedback in a second request and goes on', async () => {
    const { server, session, root } = await start({
      mode: 'manual',
      approver: async () => ({ kind: 'reject_once', feedback: 'write notes.md instead' }),
    });
    server.reply(
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'x' } }] },
      { text: 'I will use notes.md' },
    );
    const { result } = await collect(session.prompt('write a.txt'));
    expect(result).toMatchObject({ stopReason: 'completed', text: 'I will use notes.md', steps: 2 });
    expect(server.requests).toHaveLength(2);
    const [answer] = toolResultsOf(server.requests[1]!.body!.messages);
    expect(answer).toMatchObject({ id: 'w1' });
    expect(answer!.content).toMatch(/^\[approval-rejected\] /);
    expect(answer!.content).toContain('Feedback: write notes.md instead');
    await expect(readFile(join(root, 'a.txt'))).rejects.toThrow(/ENOENT/);
  });
});
