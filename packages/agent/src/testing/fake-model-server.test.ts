import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from './fake-model-server.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

const model = () => createOpenAICompatible({ name: 'fake', baseURL: server.baseURL }).chatModel('m');

describe('fake model server', () => {
  it('answers a non-streaming request with a chat.completion body, tool calls and usage', async () => {
    server.reply({
      text: 'calling',
      toolCalls: [{ id: 'c1', name: 'lookup', arguments: { q: 'x' } }],
      usage: { promptTokens: 3, completionTokens: 4 },
    });
    const result = await generateText({
      model: model(),
      prompt: 'hi',
      tools: { lookup: tool({ description: 'd', inputSchema: jsonSchema({ type: 'object' }) }) },
    });
    expect(result.text).toBe('calling');
    expect(result.toolCalls.map((call) => [call.toolCallId, call.toolName, call.input])).toEqual([
      ['c1', 'lookup', { q: 'x' }],
    ]);
    expect(result.usage.inputTokens).toBe(3);
    expect(result.usage.outputTokens).toBe(4);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(server.requests[0]!.body?.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('answers with an OpenAI-style error body and status, and a 500 when no reply is left', async () => {
    server.reply({ type: 'error', status: 429, retryAfterSeconds: 7, message: 'slow down' });
    const limited = await fetch(`${server.baseURL}/chat/completions`, { method: 'POST', body: '{}' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.json()).toMatchObject({ error: { message: 'slow down' } });
    const empty = await fetch(`${server.baseURL}/chat/completions`, { method: 'POST', body: 'not json' });
    expect(empty.status).toBe(500);
    expect(await empty.text()).toContain('no scripted reply left');
    expect(server.requests[1]!.body).toBeUndefined();
  });

  it('streams SSE chunks with reasoning, text and tool-call deltas, then usage and [DONE]', async () => {
    server.reply({ reasoning: 'think', text: 'a', toolCalls: [{ name: 't', arguments: '{"k":1}' }] });
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ stream: true, messages: [] }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.slice('data: '.length)));
    const deltas = chunks.flatMap((chunk) => chunk.choices.map((choice: { delta: unknown }) => choice.delta));
    expect(deltas).toContainEqual({ reasoning_content: 'think' });
    expect(deltas).toContainEqual({ content: 'a' });
    const args = deltas
      .flatMap((delta: { tool_calls?: { function: { arguments: string } }[] }) => delta.tool_calls ?? [])
      .map((call: { function: { arguments: string } }) => call.function.arguments)
      .join('');
    expect(args).toBe('{"k":1}');
    expect(chunks.at(-1).usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
  });

  it("serves requests whose system prompt holds a marker from that marker's own queue", async () => {
    server.reply({ text: 'parent' });
    server.replyWhen('You are the child', { text: 'child' });
    const ask = (system: string) =>
      generateText({ model: model(), system, prompt: 'hi' }).then((result) => result.text);
    expect(await ask('You are the child.')).toBe('child');
    expect(await ask('You are the parent.')).toBe('parent');
    expect(server.pending()).toBe(0);
    const empty = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ messages: [{ role: 'system', content: 'You are the child' }] }),
    });
    expect(empty.status).toBe(500);
  });
});
