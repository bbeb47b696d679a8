import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentKit,
  type AgentKitOptions,
  collect,
  createAgentKit,
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

describe('model errors', () => {
  it('retries a 429 that carries retry-after and then completes', async () => {
    const { server, session } = await start({ limits: { maxRetries: 2 } });
    server.reply({ type: 'error', status: 429, retryAfterSeconds: 0 }, { text: 'after the wait' });
    const { result } = await collect(session.prompt('hi'));
    expect(result).toMatchObject({ stopReason: 'completed', text: 'after the wait', steps: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('stops retrying after maxRetries and ends as model_error with the last message', async () => {
    const { server, session } = await start({ limits: { maxRetries: 1 } });
    server.reply(
      { type: 'error', status: 503, retryAfterSeconds: 0, message: 'first' },
      { type: 'error', status: 503, retryAfterSeconds: 0, message: 'still overloaded' },
      { text: 'never' },
    );
    const { result } = await collect(session.prompt('hi'));
    expect(result.stopReason).toBe('model_error');
    expect(result.error).toContain('still overloaded');
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 400 and reports the provider message', async () => {
    const { server, session } = await start({ limits: { maxRetries: 2 } });
    server.reply({ type: 'error', status: 400, message: 'context too long' }, { text: 'never' });
    const { result } = await collect(session.prompt('hi'));
    expect(result).toMatchObject({ stopReason: 'model_error' });
    expect(result.error).toContain('context too long');
    expect(server.requests).toHaveLength(1);
  });

  it('ends a stream cut mid-way as model_error, runs none of its calls, and keeps the history usable', async () => {
    const { server, session } = await start();
    server.reply({
      text: ['partial ', 'answer'],
      toolCalls: [{ name: 'write_file', arguments: { path: 'a.txt', content: 'x' } }],
      cutAfterEvents: 3,
    });
    const { result, events } = await collect(session.prompt('hi'));
    expect(result.stopReason).toBe('model_error');
    expect(events.some((event) => event.type === 'tool-call')).toBe(false);
    server.reply({ text: 'fine now' });
    const next = await collect(session.prompt('again'));
    expect(next.result).toMatchObject({ stopReason: 'completed', text: 'fine now' });
    expect(server.requests[1]!.body!.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'user',
    ]);
  });

  it('ends as interrupted when aborted while waiting out a retry-after, without another request', async () => {
    const { server, session } = await start({ limits: { maxRetries: 2 } });
    server.reply({ type: 'error', status: 429, retryAfterSeconds: 30 }, { text: 'never' });
    const controller = new AbortController();
    const turn = session.prompt('hi', { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const { result } = await collect(turn);
    expect(result.stopReason).toBe('interrupted');
    expect(server.requests).toHaveLength(1);
  });
});
