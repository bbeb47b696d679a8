import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createWorkspace } from '@toolgate/core';
import { createFsTools } from '@toolgate/tools-fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentModel } from './agent-model.js';
import { createAgent } from './create-agent.js';
import { type FakeModelServer, startFakeModelServer } from './testing/fake-model-server.js';

let server: FakeModelServer | undefined;
let root: string | undefined;
afterEach(async () => {
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
  server = undefined;
  root = undefined;
});

async function sessionOn(model: (baseURL: string) => AgentModel) {
  server = await startFakeModelServer();
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-providers-')));
  await writeFile(join(root, 'a.txt'), 'alpha\n');
  const { read_file } = createFsTools({ workspace: createWorkspace({ root }) });
  const agent = createAgent({
    model: model(server.baseURL),
    tools: [read_file],
    approval: { mode: 'auto' },
    limits: { maxRetries: 0 },
  });
  return { server, session: await agent.createSession() };
}

describe('other @ai-sdk providers', () => {
  it('runs a tool-calling turn through the OpenAI provider (chat completions) on the same history', async () => {
    const { server, session } = await sessionOn((baseURL) =>
      createOpenAI({ baseURL, apiKey: 'test' }).chat('gpt-test'),
    );
    server.reply(
      { toolCalls: [{ id: 'r', name: 'read_file', arguments: { path: 'a.txt' } }] },
      { text: 'read it' },
    );
    const result = await session.prompt('read a.txt').result;
    expect(result).toMatchObject({ stopReason: 'completed', text: 'read it', steps: 2 });
    const [, second] = server.requests;
    expect(second!.body!.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
    expect(String(second!.body!.messages[3]!.content)).toContain('alpha');
    await session.close();
  });

  it('sends an Anthropic model the system prompt, the text and the tools in its own format, and ends a failed request as model_error', async () => {
    const { server, session } = await sessionOn((baseURL) =>
      createAnthropic({ baseURL, apiKey: 'test' })('claude-test'),
    );
    const result = await session.prompt('hi').result;
    expect(result.stopReason).toBe('model_error');
    const body = server.requests[0]!.body as unknown as {
      system: { type: string; text: string }[];
      messages: unknown[];
      tools: { name: string; input_schema: unknown }[];
    };
    expect(server.requests[0]!.path).toBe('/v1/messages');
    expect(body.system[0]!.text).toContain('read_file');
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
    expect(body.tools.map((tool) => tool.name)).toEqual(['read_file']);
    expect(body.tools[0]!.input_schema).toMatchObject({ type: 'object' });
    await session.close();
  });

  it("sends the OpenAI provider's default (Responses API) model the text and the tools in its own format", async () => {
    const { server, session } = await sessionOn((baseURL) =>
      createOpenAI({ baseURL, apiKey: 'test' })('gpt-test'),
    );
    expect((await session.prompt('hi').result).stopReason).toBe('model_error');
    const body = server.requests[0]!.body as unknown as {
      input: { role: string; content: unknown }[];
      tools: { type: string; name: string }[];
    };
    expect(server.requests[0]!.path).toBe('/v1/responses');
    expect(body.input.map((item) => item.role)).toEqual(['system', 'user']);
    expect(body.input[1]!.content).toEqual([{ type: 'input_text', text: 'hi' }]);
    expect(body.tools.map((tool) => [tool.type, tool.name])).toEqual([['function', 'read_file']]);
    await session.close();
  });
});
