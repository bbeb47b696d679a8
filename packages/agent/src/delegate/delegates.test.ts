import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApprovalRequest } from '@toolgate/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../agent-event.js';
import { createAgent } from '../create-agent.js';
import {
  type AgentKit,
  type AgentKitOptions,
  collect,
  createAgentKit,
  processesWith,
  toolResultsOf,
} from '../test-support/agent-test-kit.js';
import { BUILT_IN_DELEGATES } from './built-in-delegates.js';
import type { DelegateDefinition } from './delegate-definition.js';

let kit: AgentKit | undefined;
afterEach(async () => {
  await kit?.dispose();
  kit = undefined;
});

async function start(options: AgentKitOptions): Promise<AgentKit> {
  kit = await createAgentKit(options);
  return kit;
}

const general: DelegateDefinition = {
  name: 'general',
  description: 'Does a task.',
  instructions: 'CHILD-GENERAL',
};

const toolNames = (request: { body?: { tools?: readonly { function: { name: string } }[] } | undefined }) =>
  request.body?.tools?.map((tool) => tool.function.name) ?? [];

const childEvents = (events: readonly AgentEvent[], callId: string) =>
  events.flatMap((event) =>
    event.type === 'delegate-event' && event.callId === callId ? [event.event] : [],
  );

describe('delegate tools', () => {
  it('explore: a write_file call is refused by policy, the child goes on and the parent gets its answer', async () => {
    const { server, session } = await start({ mode: 'safe', delegates: { definitions: BUILT_IN_DELEGATES } });
    server.reply(
      { toolCalls: [{ id: 'd1', name: 'delegate_explore', arguments: { task: 'Find the entry point' } }] },
      { text: 'The entry point is src/main.ts.' },
    );
    server.replyWhen(
      'You are explore',
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'x.txt', content: 'x' } }] },
      { text: 'src/main.ts', usage: { promptTokens: 3, completionTokens: 2 } },
    );
    const { events, result } = await collect(session.prompt('where does it start?'));
    expect(result.stopReason).toBe('completed');
    expect(result.text).toBe('The entry point is src/main.ts.');
    expect(toolNames(server.requests[0]!)).toEqual([
      'bash',
      'read_file',
      'write_file',
      'delegate_explore',
      'delegate_plan',
      'delegate_general',
    ]);
    const [childFirst, childSecond] = [server.requests[1]!, server.requests[2]!];
    expect(toolNames(childFirst)).toEqual(['read_file']);
    expect(childFirst.body?.messages.at(-1)).toMatchObject({ role: 'user', content: 'Find the entry point' });
    expect(toolResultsOf(childSecond.body!.messages)[0]!.content).toMatch(
      /^TOOL_BLOCKED: .*Tool is not allowed in this session \(agent \\"explore\\"\): write_file/,
    );
    const answer = JSON.parse(toolResultsOf(server.requests[3]!.body!.messages)[0]!.content);
    expect(answer).toEqual({
      agent: 'explore',
      stopReason: 'completed',
      output: 'src/main.ts',
      usage: { inputTokens: 13, outputTokens: 7, totalTokens: 20 },
      steps: 2,
    });
    // Each call is shown by its own tool's declarations, a call the child's policy refuses too.
    const presented = (list: readonly AgentEvent[]) =>
      list.flatMap((event) => (event.type === 'tool-call' ? [event.presentation] : []));
    expect(presented(events)).toEqual([
      { title: 'explore: Find the entry point', kind: 'think', locations: [] },
    ]);
    expect(presented(childEvents(events, 'd1'))).toEqual([
      { title: 'Write x.txt', kind: 'edit', locations: ['x.txt'] },
    ]);
    const delegated = events.find((event) => event.type === 'tool-result' && event.call.id === 'd1');
    expect(
      delegated?.type === 'tool-result' && delegated.result.status === 'success' && delegated.result.display,
    ).toEqual({
      summary: 'explore answered (2 steps)',
      text: 'src/main.ts',
    });
    const child = childEvents(events, 'd1');
    expect(child.filter((event) => event.type === 'tool-result')).toMatchObject([
      { call: { name: 'write_file' }, result: { status: 'rejected', by: 'policy' } },
    ]);
    expect(child.at(-1)).toMatchObject({ type: 'turn-end', stopReason: 'completed' });
    const delegateResult = events.findIndex(
      (event) => event.type === 'tool-result' && event.call.id === 'd1',
    );
    expect(events.findLastIndex((event) => event.type === 'delegate-event')).toBeLessThan(delegateResult);
  });

  it('a child stopped by an approval rejection rejects the delegate call, and the parent stops too', async () => {
    const asked: ApprovalRequest[] = [];
    const { server, session, root } = await start({
      mode: 'safe',
      approver: async (request) => {
        asked.push(request);
        return 'reject_once';
      },
      delegates: { definitions: [general] },
    });
    server.reply(
      { toolCalls: [{ id: 'd1', name: 'delegate_general', arguments: { task: 'Write and test' } }] },
      { text: 'must not be requested' },
    );
    server.replyWhen('CHILD-GENERAL', {
      toolCalls: [
        { id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'a' } },
        { id: 'b1', name: 'bash', arguments: { action: 'exec', command: 'echo hi' } },
      ],
    });
    const { events, result } = await collect(session.prompt('go'));
    expect(result.stopReason).toBe('blocked_by_approval');
    // The delegate itself ran unasked in safe mode; write_file ran unasked as in the parent; bash asked.
    expect(asked.map((request) => [request.toolName, request.title])).toEqual([
      ['bash', 'general wants to run bash'],
    ]);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('a');
    expect(server.requests).toHaveLength(2);
    expect(server.pending()).toBe(1);
    const delegate = events.find((event) => event.type === 'tool-result' && event.call.id === 'd1');
    expect(delegate).toMatchObject({
      result: {
        status: 'rejected',
        by: 'approval',
        reason: 'general was stopped: The user declined: echo hi',
      },
    });
  });

  it("a child's max_steps and model_error are failures the parent's model reads, and the parent goes on", async () => {
    const { server, session } = await start({
      delegates: {
        definitions: [
          { ...general, maxSteps: 1 },
          { ...general, name: 'broken', instructions: 'CHILD-BROKEN' },
        ],
      },
    });
    server.reply(
      {
        toolCalls: [
          { id: 'd1', name: 'delegate_general', arguments: { task: 'loop' } },
          { id: 'd2', name: 'delegate_broken', arguments: { task: 'fail' } },
        ],
      },
      { text: 'Both helpers failed.' },
    );
    server.replyWhen('CHILD-GENERAL', {
      text: 'still reading',
      toolCalls: [{ name: 'read_file', arguments: { path: 'missing.txt' } }],
    });
    server.replyWhen('CHILD-BROKEN', { type: 'error', status: 400, message: 'bad model' });
    const { result } = await collect(session.prompt('go'));
    expect(result.stopReason).toBe('completed');
    const results = toolResultsOf(server.requests.at(-1)!.body!.messages);
    expect(results.map((entry) => entry.id)).toEqual(['d1', 'd2']);
    expect(results[0]!.content).toMatch(/^TOOL_ERROR: .*"errorType":"delegate_max_steps".*still reading/);
    expect(results[1]!.content).toMatch(/^TOOL_ERROR: .*"errorType":"delegate_model_error".*bad model/);
  });

  it('runs the delegate calls of one step in parallel, at most maxParallel at once', async () => {
    const run = async (maxParallel: number) => {
      const { server, session } = await start({ delegates: { definitions: [general], maxParallel } });
      server.reply(
        {
          toolCalls: ['a', 'b', 'c'].map((id) => ({ id, name: 'delegate_general', arguments: { task: id } })),
        },
        { text: 'done' },
      );
      server.replyWhen('CHILD-GENERAL', { text: '1' }, { text: '2' }, { text: '3' });
      const { events, result } = await collect(session.prompt('go'));
      expect(result.stopReason).toBe('completed');
      await kit!.dispose();
      kit = undefined;
      return events
        .filter((event) => event.type === 'tool-call-start' || event.type === 'tool-result')
        .map((event) => `${event.type === 'tool-result' ? 'end' : 'start'} ${event.call.id}`);
    };
    expect(await run(2)).toEqual(['start a', 'start b', 'end a', 'start c', 'end b', 'end c']);
    expect(await run(4)).toEqual(['start a', 'start b', 'start c', 'end a', 'end b', 'end c']);
  });

  it('gives a child no delegate tools unless the depth limit allows it', async () => {
    const explore = BUILT_IN_DELEGATES[0]!;
    for (const [maxDepth, expected] of [
      [1, ['bash', 'read_file', 'write_file']],
      [2, ['bash', 'read_file', 'write_file', 'delegate_general', 'delegate_explore']],
    ] as const) {
      const { server, session, opened } = await start({
        delegates: { definitions: [general, explore], maxDepth },
      });
      server.reply({ toolCalls: [{ name: 'delegate_general', arguments: { task: 't' } }] }, { text: 'ok' });
      server.replyWhen('CHILD-GENERAL', { text: 'child' });
      await collect(session.prompt('go'));
      expect(toolNames(server.requests[1]!)).toEqual(expected);
      expect(opened.map((context) => context.delegate?.depth ?? 0)).toEqual([0, 1]);
      await kit!.dispose();
      kit = undefined;
    }
  });

  it('with depth 2 a grandchild runs: its events nest twice and its questions name the whole path', async () => {
    const asked: string[] = [];
    const { server, session } = await start({
      mode: 'safe',
      approver: async (request) => {
        asked.push(request.title);
        return 'allow_once';
      },
      delegates: {
        definitions: [general, { ...general, name: 'inner', instructions: 'CHILD-INNER' }],
        maxDepth: 2,
      },
    });
    server.reply(
      { toolCalls: [{ id: 'd1', name: 'delegate_general', arguments: { task: 'delegate' } }] },
      { text: 'done' },
    );
    server.replyWhen(
      'CHILD-INNER',
      { toolCalls: [{ id: 'b1', name: 'bash', arguments: { action: 'exec', command: 'true' } }] },
      { text: 'inner done' },
    );
    server.replyWhen(
      'CHILD-GENERAL',
      { toolCalls: [{ id: 'd2', name: 'delegate_inner', arguments: { task: 'run true' } }] },
      { text: 'general done' },
    );
    const { events, result } = await collect(session.prompt('go'));
    expect(result.stopReason).toBe('completed');
    expect(asked).toEqual(['general › inner wants to run bash']);
    // The grandchild's system prompt ends with its own instructions, not its parent's.
    const system = JSON.stringify(
      server.requests.find((request) => JSON.stringify(request.body).includes('CHILD-INNER'))?.body
        ?.messages[0],
    );
    expect(system).not.toContain('CHILD-GENERAL');
    const nested = childEvents(events, 'd1').flatMap((event) =>
      event.type === 'delegate-event' && event.callId === 'd2' ? [event.event] : [],
    );
    expect(nested.filter((event) => event.type === 'tool-result')).toMatchObject([
      { call: { id: 'b1' }, result: { status: 'success' } },
    ]);
  });

  it('cancelling the parent interrupts both running children and stops their processes', async () => {
    const marker = `15.${process.pid}${Date.now() % 1000}`;
    const { server, session } = await start({ delegates: { definitions: [general] } });
    let release = () => {};
    const never = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.reply({
      toolCalls: ['a', 'b'].map((id) => ({ id, name: 'delegate_general', arguments: { task: id } })),
    });
    const startSleep = { name: 'bash', arguments: { action: 'start', command: `sleep ${marker}` } };
    server.replyWhen(
      'CHILD-GENERAL',
      { toolCalls: [startSleep] },
      { toolCalls: [startSleep] },
      { text: 'never', hold: never },
      { text: 'never', hold: never },
    );
    const controller = new AbortController();
    const turn = session.prompt('go', { signal: controller.signal });
    const watch = (async () => {
      while ((await processesWith(marker)).length < 2) await new Promise((r) => setTimeout(r, 10));
      controller.abort();
    })();
    const { events, result } = await collect(turn);
    await watch;
    release();
    expect(result.stopReason).toBe('interrupted');
    expect(await processesWith(marker)).toEqual([]);
    for (const id of ['a', 'b']) {
      expect(childEvents(events, id).at(-1)).toMatchObject({ type: 'turn-end', stopReason: 'interrupted' });
      expect(events.find((event) => event.type === 'tool-result' && event.call.id === id)).toMatchObject({
        result: { status: 'failure', error: { code: 'aborted' } },
      });
    }
  });

  it('refuses definitions with a bad or duplicate name, or a bad limit', () => {
    const model = {} as never;
    const agent =
      (definitions: DelegateDefinition[], extra = {}) =>
      () =>
        createAgent({ model, tools: [], approval: { mode: 'auto' }, delegates: { definitions, ...extra } });
    expect(agent([{ ...general, name: 'Bad Name' }])).toThrow(
      /"Bad Name" must start with a lower-case letter/,
    );
    expect(agent([general, general])).toThrow(/two definitions are named "general"/);
    expect(agent([{ ...general, maxSteps: 0 }])).toThrow(/maxSteps must be an integer >= 1/);
    expect(agent([general], { maxParallel: 0 })).toThrow(/delegates.maxParallel must be an integer >= 1/);
  });
  it('a delegate’s child spends from its parent’s token budget: the parent makes no request after it', async () => {
    const { server, session } = await start({
      delegates: { definitions: [general] },
      limits: { maxSessionTokens: 50 },
    });
    server.reply(
      {
        toolCalls: [{ id: 'd1', name: 'delegate_general', arguments: { task: 'spend' } }],
        usage: { promptTokens: 5, completionTokens: 5 },
      },
      { text: 'never' },
    );
    server.replyWhen('CHILD-GENERAL', { text: 'spent', usage: { promptTokens: 40, completionTokens: 10 } });
    const { result } = await collect(session.prompt('delegate'));
    expect({ stopReason: result.stopReason, requests: server.requests.length }).toEqual({
      stopReason: 'budget_exhausted',
      requests: 2,
    });
  });
});
