import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorkspace } from '@toolgate/core';
import { createFsTools } from '@toolgate/tools-fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../create-agent.js';
import { collect } from '../test-support/agent-test-kit.js';
import { createReplayModel } from './create-replay-model.js';
import { parseReplayScript, ReplayScriptError } from './replay-script.js';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

async function sessionOn(script: string, mode: 'manual' | 'auto') {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-replay-')));
  await writeFile(join(root, 'a.txt'), 'alpha\n');
  const workspace = createWorkspace({ root });
  const fs = createFsTools({ workspace });
  const agent = createAgent({
    model: createReplayModel(parseReplayScript(script, 'script.jsonl'), 'script.jsonl'),
    tools: () => ({ tools: [fs.read_file, fs.write_file] }),
    approval: { mode },
    workspaceRoot: root,
  });
  return agent.createSession();
}

const SCRIPT = [
  JSON.stringify({ text: 'Reading.', toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] }),
  '',
  JSON.stringify({
    when: { toolResultIncludes: ['alpha'] },
    toolCalls: [{ name: 'write_file', arguments: { path: 'a.txt', content: 'two\n' } }],
  }),
  JSON.stringify({ when: { toolResultIncludes: ['approval-rejected'] }, text: 'It was refused.' }),
  JSON.stringify({ when: { toolResultExcludes: ['approval-rejected'] }, text: 'Written.' }),
].join('\n');

describe('the replay model', () => {
  it('plays a script through the agent like any model: tool calls run, guards pick the branch', async () => {
    const session = await sessionOn(SCRIPT, 'auto');
    const { events, result } = await collect(session.prompt('go'));
    expect(result.stopReason).toBe('completed');
    expect(await readFile(join(root!, 'a.txt'), 'utf8')).toBe('two\n');
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    expect(text).toBe('Reading.Written.');
    await session.close();
  });

  it('branches on a rejection: the turn stops, and the next turn plays the rejected branch', async () => {
    // Every call asks in manual mode; with no approver the read is refused and the turn stops.
    const session = await sessionOn(SCRIPT, 'manual');
    const first = await collect(session.prompt('go'));
    expect(first.result.stopReason).toBe('blocked_by_approval');
    const { events, result: second } = await collect(session.prompt('and now?'));
    expect(second.stopReason).toBe('completed');
    expect(await readFile(join(root!, 'a.txt'), 'utf8')).toBe('alpha\n');
    // The write, guarded on the file's text, is skipped; the rejected branch plays.
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    expect(text).toBe('It was refused.');
    await session.close();
  });

  it('stops the turn with a model error naming the script when no turn is left', async () => {
    const session = await sessionOn(
      JSON.stringify({ toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] }),
      'auto',
    );
    const { result } = await collect(session.prompt('go'));
    expect(result.stopReason).toBe('model_error');
    expect(result.error).toMatch(/script\.jsonl has no turn left/);
    await session.close();
  });

  it('sends malformed argument text as it is, so the tool reports it', async () => {
    const session = await sessionOn(
      [
        JSON.stringify({ toolCalls: [{ name: 'read_file', arguments: '{"path": ' }] }),
        JSON.stringify({ when: { toolResultIncludes: ['invalid'] }, text: 'bad call seen' }),
      ].join('\n'),
      'auto',
    );
    const { events, result } = await collect(session.prompt('go'));
    expect(result.stopReason).toBe('completed');
    expect(events.some((event) => event.type === 'text-delta' && event.text === 'bad call seen')).toBe(true);
    await session.close();
  });
});

describe('parseReplayScript', () => {
  it.each([
    ['{"text": "a"}\nnot json', /script:2: not JSON/],
    ['{"txt": "a"}', /script:1: .*txt/],
    ['{"toolCalls": [{"arguments": {}}]}', /script:1: toolCalls\.0\.name/],
    ['{"comment": "only a comment"}', /script:1: a turn needs text, reasoning or toolCalls/],
    ['\n\n', /script: the script has no turns/],
    ['{"text": "a", "when": {"toolResultIncludes": []}}', /script:1: when\.toolResultIncludes/],
  ])('refuses %j with the line and what to fix', (text, message) => {
    expect(() => parseReplayScript(text, 'script')).toThrow(ReplayScriptError);
    expect(() => parseReplayScript(text, 'script')).toThrow(message);
  });

  it('reads every field and keeps where each turn came from', () => {
    const [turn] = parseReplayScript(
      '{"text":"t","reasoning":"r","finishReason":"length","usage":{"inputTokens":3,"outputTokens":4}}',
      'f.jsonl',
    );
    expect(turn).toEqual({
      text: 't',
      reasoning: 'r',
      finishReason: 'length',
      usage: { inputTokens: 3, outputTokens: 4 },
      source: 'f.jsonl:1',
    });
  });
});
