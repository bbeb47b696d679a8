import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentKit,
  type AgentKitOptions,
  collect,
  createAgentKit,
} from './test-support/agent-test-kit.js';
import type { ChatMessage } from './testing/recorded-request.js';

let kit: AgentKit | undefined;
afterEach(async () => {
  await kit?.dispose();
  kit = undefined;
});

async function start(options: AgentKitOptions = {}): Promise<AgentKit> {
  kit = await createAgentKit(options);
  return kit;
}

/** Marks the request that writes a compaction's summary (its system prompt). */
const SUMMARY_REQUEST = 'You write the summary';

const userTexts = (messages: readonly ChatMessage[] | undefined): string[] =>
  (messages ?? [])
    .filter((message) => message.role === 'user')
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    );

const big = (letter: string) => letter.repeat(40_000);

describe('compaction', () => {
  it('compacts the older turns before a request that would near the window, keeping the latest two', async () => {
    const { server, session } = await start({ limits: { contextWindow: 40_000 } });
    server.reply({ text: 'one' }, { text: 'two' }, { text: 'three' });
    server.replyWhen(SUMMARY_REQUEST, { text: 'The person sent a long line of a.' });
    expect((await collect(session.prompt(big('a')))).result.stopReason).toBe('completed');
    expect((await collect(session.prompt(big('b')))).result.stopReason).toBe('completed');
    const third = await collect(session.prompt(big('c')));
    expect(third.result.stopReason).toBe('completed');
    const compactions = third.events.filter((event) => event.type === 'compaction');
    expect(compactions).toHaveLength(1);
    expect(compactions[0]).toMatchObject({ replaced: 1 });
    expect(third.events.findIndex((event) => event.type === 'compaction')).toBeLessThan(
      third.events.findIndex((event) => event.type === 'text-delta'),
    );

    const [summaryRequest, request] = server.requests.slice(2);
    // The summary request: no tools, the older turn as a transcript.
    expect(summaryRequest?.body?.tools ?? []).toEqual([]);
    expect(JSON.stringify(summaryRequest?.body?.messages)).toContain('aaaa');
    expect(JSON.stringify(summaryRequest?.body?.messages)).not.toContain('bbbb');
    const texts = userTexts(request?.body?.messages);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('The person sent a long line of a.');
    expect(texts[0]).toContain('the earlier part of this conversation was compacted');
    expect(texts.slice(1)).toEqual([big('b'), big('c')]);
    expect(JSON.stringify(session.history())).not.toContain('aaaa');
  });

  it("answers a provider's context-length error with one compaction and a retry", async () => {
    const { server, session } = await start();
    server.reply(
      { text: 'one' },
      { text: 'two' },
      { type: 'error', status: 400, message: "This model's maximum context length is 8192 tokens." },
      { text: 'three, after compacting' },
    );
    server.replyWhen(SUMMARY_REQUEST, { text: 'Turn one said hello.' });
    await collect(session.prompt('hello'));
    await collect(session.prompt('more'));
    const { result, events } = await collect(session.prompt('again'));
    expect(result).toMatchObject({ stopReason: 'completed', text: 'three, after compacting', steps: 1 });
    expect(events.filter((event) => event.type === 'compaction')).toHaveLength(1);
    expect(server.requests).toHaveLength(5);
    expect(userTexts(server.requests[4]?.body?.messages).slice(1)).toEqual(['more', 'again']);
  });

  it('stops with context_exceeded when the retry after compacting is refused for its length too', async () => {
    const { server, session } = await start();
    const tooLong = {
      type: 'error',
      status: 400,
      message: 'prompt is too long: 300000 tokens > 200000 maximum',
    } as const;
    server.reply({ text: 'one' }, { text: 'two' }, tooLong, tooLong);
    server.replyWhen(SUMMARY_REQUEST, { text: 'Summary.' });
    await collect(session.prompt('one'));
    await collect(session.prompt('two'));
    const { result } = await collect(session.prompt('three'));
    expect(result.stopReason).toBe('context_exceeded');
    expect(result.error).toContain('prompt is too long');
    expect(server.pending()).toBe(0);
  });

  it('session.compact() replaces every turn but the last between turns; the next request carries the summary', async () => {
    const { server, session } = await start();
    server.reply({ text: 'one' }, { text: 'two' }, { text: 'three' });
    server.replyWhen(SUMMARY_REQUEST, { text: 'They greeted.' });
    expect(await session.compact()).toEqual({
      compacted: false,
      reason: 'there is no turn before the last one to compact',
    });
    await collect(session.prompt('hello'));
    await collect(session.prompt('how are you'));
    const compacted = await session.compact();
    expect(compacted).toMatchObject({ compacted: true, replaced: 1 });
    await collect(session.prompt('bye'));
    const texts = userTexts(server.requests.at(-1)?.body?.messages);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('They greeted.');
    expect(texts.slice(1)).toEqual(['how are you', 'bye']);
  });
});
