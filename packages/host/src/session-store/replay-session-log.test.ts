import { describe, expect, it } from 'vitest';
import { replaySessionLog } from './replay-session-log.js';
import type { SessionRecord, TurnRecord } from './session-record.js';

const header: SessionRecord = {
  type: 'session',
  version: 1,
  id: 's1',
  workspace: '/w',
  createdAt: '2026-12-01T00:00:00.000Z',
  title: 'one',
};

function turn(number: number, memory: TurnRecord['memory'] = []): SessionRecord[] {
  return [
    { type: 'turn-start', turn: number, at: `t${number}` },
    {
      type: 'turn',
      turn: number,
      at: `t${number}`,
      input: `prompt ${number}`,
      messages: [
        { role: 'user', content: [{ type: 'text', text: `prompt ${number}` }] },
        { role: 'assistant', content: [{ type: 'text', text: `answer ${number}` }] },
      ],
      calls: [],
      stopReason: 'completed',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      model: 'openai:gpt-4o',
      mode: 'safe',
      settings: 'digest',
      memory,
    },
  ];
}

const summary = (through: number): SessionRecord => ({
  type: 'compaction',
  through,
  at: `c${through}`,
  summary: [{ role: 'user', content: [{ type: 'text', text: `summary through ${through}` }] }],
});

const texts = (records: readonly SessionRecord[]) =>
  replaySessionLog(records).messages.map((message) =>
    Array.isArray(message.content) && message.content[0]?.type === 'text' ? message.content[0].text : '',
  );

describe('replaySessionLog', () => {
  it('holds the turns in order, the last memory, and the next number', () => {
    const replayed = replaySessionLog([header, ...turn(1), ...turn(2, [['bash:ls', 'allow']])]);
    expect(replayed.turns.map((entry) => entry.turn)).toEqual([1, 2]);
    expect(replayed.nextTurn).toBe(3);
    expect(replayed.memory).toEqual([['bash:ls', 'allow']]);
    expect(replayed.interrupted).toEqual([]);
    expect(replayed.updatedAt).toBe('t2');
  });

  it('leaves out a turn that started and never ended, and numbers past it', () => {
    const records = [header, ...turn(1), { type: 'turn-start', turn: 2, at: 't2' } as const, ...turn(3)];
    const replayed = replaySessionLog(records);
    expect(replayed.turns.map((entry) => entry.turn)).toEqual([1, 3]);
    expect(replayed.interrupted).toEqual([2]);
    expect(replayed.nextTurn).toBe(4);
  });

  it('puts the latest summary in place of the turns it covers', () => {
    const records = [header, ...turn(1), ...turn(2), summary(1), ...turn(3), summary(2)];
    expect(texts(records)).toEqual(['summary through 2', 'prompt 3', 'answer 3']);
    expect(replaySessionLog(records).compactedThrough).toBe(2);
  });

  it('a rewind drops the later turns and the summaries covering them, and is pending until a turn follows', () => {
    const records: SessionRecord[] = [header, ...turn(1), ...turn(2), ...turn(3), summary(2)];
    const rewound = [
      ...records,
      { type: 'rewind', before: 2, at: 'r', code: false, conversation: true } as const,
    ];
    expect(texts(rewound)).toEqual(['prompt 1', 'answer 1']);
    expect(replaySessionLog(rewound).pendingRewind).toEqual({ before: 2, code: false, conversation: true });
    expect(replaySessionLog(rewound).nextTurn).toBe(4);
    const after = [...rewound, ...turn(4)];
    expect(texts(after)).toEqual(['prompt 1', 'answer 1', 'prompt 4', 'answer 4']);
    expect(replaySessionLog(after).pendingRewind).toBeUndefined();
    // A summary made before the rewind covered turns that are gone: it no longer applies.
    expect(replaySessionLog([...after, summary(3)]).turns.map((entry) => entry.turn)).toEqual([1, 4]);
  });

  it('a rewind of the files only keeps the conversation and is told to the model', () => {
    const records: SessionRecord[] = [header, ...turn(1), ...turn(2)];
    const replayed = replaySessionLog([
      ...records,
      { type: 'rewind', before: 2, at: 'r', code: true, conversation: false },
    ]);
    expect(replayed.turns.map((entry) => entry.turn)).toEqual([1, 2]);
    expect(replayed.pendingRewind).toEqual({ before: 2, code: true, conversation: false });
  });

  it('throws for a log that does not start with its header', () => {
    expect(() => replaySessionLog(turn(1))).toThrow('starts with its session record');
  });
});
