import type { AgentEvent } from '@toolgate/agent';
import { describe, expect, it } from 'vitest';
import { createColors } from './colors.js';
import { createTurnRenderer } from './render-agent-event.js';

function capture(root = '/') {
  const written = { stdout: '', stderr: '' };
  const colors = createColors(false);
  const renderer = createTurnRenderer({
    root,
    stdout: {
      write: (text: string) => {
        written.stdout += text;
        return true;
      },
    } as never,
    stderr: {
      write: (text: string) => {
        written.stderr += text;
        return true;
      },
    } as never,
    colors: { stdout: colors, stderr: colors },
  });
  return { written, renderer };
}

const call = { id: 'd1', name: 'delegate_explore', arguments: { task: 'find main' } };
const child = (event: AgentEvent, depth = 1): AgentEvent => {
  let wrapped: AgentEvent = event;
  for (let level = 0; level < depth; level++)
    wrapped = { type: 'delegate-event', agent: 'explore', callId: 'd1', event: wrapped };
  return wrapped;
};

describe('the turn renderer', () => {
  it("indents a delegate's child tool calls under the delegate's line, deeper for a grandchild", () => {
    const { written, renderer } = capture();
    const read = { id: 'r1', name: 'read_file', arguments: { path: 'a.ts' } };
    const delegating = { title: 'explore: find main', kind: 'think', locations: [] } as const;
    const reading = { title: 'Read a.ts', kind: 'read', locations: ['a.ts'] } as const;
    for (const event of [
      { type: 'tool-call', call, presentation: delegating },
      child({ type: 'text-delta', text: 'thinking' }),
      child({ type: 'tool-call', call: read, presentation: reading }),
      child({
        type: 'tool-result',
        call: read,
        result: { status: 'rejected', by: 'policy', reason: 'not allowed' },
      }),
      child({ type: 'tool-call', call: read, presentation: reading }, 2),
      child({ type: 'tool-result', call: read, result: { status: 'success', output: 'x' } }, 2),
      {
        type: 'tool-result',
        call,
        result: {
          status: 'success',
          output: {},
          display: { summary: 'explore answered (2 steps)', text: 'main is\nsrc/main.ts\nand more\nlines' },
        },
      },
    ] satisfies AgentEvent[])
      renderer.render(event);
    expect(written.stdout).toBe('');
    expect(written.stderr.split('\n')).toEqual([
      '• explore: find main',
      '  • Read a.ts',
      '    • Rejected by policy: not allowed',
      '    • Read a.ts',
      '      ✓ read_file',
      '  ✓ explore answered (2 steps)',
      '    │ main is',
      '    │ src/main.ts',
      '    │ and more',
      '    │ lines',
      '',
    ]);
  });

  it('shows the files a call changed, from the changes it planned, relative to the workspace root', () => {
    const { written, renderer } = capture('/w');
    const write = { id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'x' } };
    renderer.render({
      type: 'tool-call',
      call: write,
      presentation: { title: 'Write a.txt', kind: 'edit', locations: ['a.txt'] },
    });
    renderer.render({
      type: 'tool-result',
      call: write,
      result: {
        status: 'success',
        output: {},
        display: { summary: 'Overwrote a.txt (2 bytes)' },
        changes: [
          { path: '/w/a.txt', oldText: 'one\ntwo\n', newText: 'one\nTWO\nthree\n' },
          { path: '/w/new.txt', oldText: null, newText: 'n\n' },
          { path: '/elsewhere/gone.txt', oldText: 'g\n', newText: null },
        ],
      },
    });
    expect(written.stderr.split('\n')).toEqual([
      '• Write a.txt',
      '  ✓ Overwrote a.txt (2 bytes)',
      '    M a.txt +2 -1',
      '    A new.txt +1 -0',
      '    D /elsewhere/gone.txt +0 -1',
      '',
    ]);
  });
});

describe('the model text a person sees', () => {
  it('reaches the terminal escaped: no clipboard write, screen clear or title change, lines and tabs kept', () => {
    const { written, renderer } = capture();
    renderer.render({ type: 'text-delta', text: 'A\u001b]52;c;cHduZWQ=\u0007B\u001b[2J\tC\nD' });
    expect(written.stdout).not.toContain('\u001b');
    expect(written.stdout).not.toContain('\u0007');
    expect(written.stdout).toBe('A\\e]52;c;cHduZWQ=\\x07B\\e[2J\tC\nD');
  });
});
