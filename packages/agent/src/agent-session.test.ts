import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type AnyTool, defineTool, implementTool, type ToolProvider, toolSuccess } from '@toolgate/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from './create-agent.js';
import { type AgentKit, collect, createAgentKit, processesWith } from './test-support/agent-test-kit.js';
import { startFakeModelServer } from './testing/fake-model-server.js';

let kit: AgentKit | undefined;
afterEach(async () => {
  await kit?.dispose();
  kit = undefined;
});

describe('agent session', () => {
  it('sends the system prompt with the workspace root and AGENTS.md, and the tools for the model to choose from', async () => {
    kit = await createAgentKit({ agentsMd: '<agents_md>\nAlways run the tests.\n</agents_md>' });
    kit.server.reply({ text: 'ok' });
    await collect(kit.session.prompt('hi'));
    const [system] = kit.server.requests[0]!.body!.messages;
    expect(system).toMatchObject({ role: 'system' });
    expect(String(system!.content)).toContain(kit.root);
    expect(String(system!.content)).toContain('Always run the tests.');
    expect(kit.server.requests[0]!.body!.tools?.map((tool) => tool.function.name)).toEqual([
      'bash',
      'read_file',
      'write_file',
    ]);
    expect(kit.server.requests[0]!.body!.tool_choice).toBe('auto');
  });

  it('stops every process the session started when it closes', async () => {
    const marker = `32.${process.pid}${Date.now() % 1000}`;
    kit = await createAgentKit();
    kit.server.reply(
      { toolCalls: [{ name: 'bash', arguments: { action: 'start', command: `sleep ${marker}` } }] },
      { text: 'started' },
    );
    const { result } = await collect(kit.session.prompt('start it'));
    expect(result.stopReason).toBe('completed');
    expect((await processesWith(marker)).length).toBeGreaterThan(0);
    await kit.session.close();
    expect(await processesWith(marker)).toEqual([]);
  });

  it('refuses a second prompt while a turn runs, and any prompt after close', async () => {
    kit = await createAgentKit();
    let release!: () => void;
    kit.server.reply({ text: 'slow', hold: new Promise<void>((resolve) => (release = resolve)) });
    const turn = kit.session.prompt('one');
    expect(() => kit!.session.prompt('two')).toThrow(/already running/);
    release();
    expect((await turn.result).stopReason).toBe('completed');
    await kit.session.close();
    expect(() => kit!.session.prompt('three')).toThrow(/closed/);
  });

  it('interrupts a running model request when the session closes', async () => {
    kit = await createAgentKit();
    kit.server.reply({ text: 'never', hold: new Promise(() => {}) });
    const turn = kit.session.prompt('wait');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await kit.session.close();
    expect((await turn.result).stopReason).toBe('interrupted');
  });

  it('rejects invalid limits as misuse', () => {
    expect(() =>
      createAgent({
        model: {} as never,
        tools: [],
        approval: { mode: 'auto' },
        limits: { maxSteps: 0 },
      }),
    ).toThrow(/maxSteps/);
  });
});

describe('a tool provider that fails mid-turn', () => {
  it('rejects the turn (events and result) instead of hanging, and the session stays usable', async () => {
    const server = await startFakeModelServer();
    try {
      let broken = false;
      const provider: ToolProvider = {
        list: () => {
          if (broken) throw new Error('names clash now');
          return [];
        },
        get: () => undefined,
      };
      const model = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL }).chatModel('m');
      const session = await createAgent({
        model,
        tools: provider,
        approval: { mode: 'auto' },
      }).createSession();
      broken = true;
      const turn = session.prompt('hi');
      await expect(collect(turn)).rejects.toThrow('names clash now');
      await expect(turn.result).rejects.toThrow('names clash now');
      broken = false;
      server.reply({ text: 'fine' });
      expect((await session.prompt('again').result).stopReason).toBe('completed');
      await session.close();
    } finally {
      await server.close();
    }
  });
});

describe('a tool provider whose tools change between steps', () => {
  it('describes the tools of each step to the model: a tool that replaces another mid-turn is in the next request', async () => {
    const server = await startFakeModelServer();
    try {
      const tool = (name: string, execute = async () => toolSuccess({ name })): AnyTool =>
        implementTool(
          defineTool({
            name,
            description: `The ${name} tool.`,
            input: z.object({}),
            annotations: { readOnly: true },
          }),
          { execute },
        );
      // Calling `first` replaces it with `second`.
      const tools: AnyTool[] = [];
      tools.push(
        tool('first', async () => {
          tools.splice(0, tools.length, tool('second'));
          return toolSuccess({ name: 'first' });
        }),
      );
      const provider: ToolProvider = {
        list: () => tools,
        get: (name) => tools.find((entry) => entry.definition.name === name),
      };
      const model = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL }).chatModel('m');
      const session = await createAgent({
        model,
        tools: provider,
        approval: { mode: 'auto' },
      }).createSession();
      server.reply(
        { toolCalls: [{ name: 'first', arguments: {} }] },
        { toolCalls: [{ name: 'first', arguments: {} }] },
        { text: 'done' },
      );
      expect((await session.prompt('go').result).stopReason).toBe('completed');
      const named = server.requests.map((request) =>
        request.body!.tools?.map((entry) => entry.function.name),
      );
      expect(named).toEqual([['first'], ['second'], ['second']]);
      expect(String(server.requests[2]!.body!.messages[0]!.content)).toContain('- second: The second tool.');
      await session.close();
    } finally {
      await server.close();
    }
  });
});
