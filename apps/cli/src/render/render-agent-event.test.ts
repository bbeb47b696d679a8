import type { AgentEvent } from '@toolgate/agent';
import { describe, expect, it } from 'vitest';
import { createColors } from './colors.js';
import { createTurnRenderer } from './render-agent-event.js';

function capture() {
  const written = { stdout: '', stderr: '' };
  const colors = createColors(false);
  const renderer = createTurnRenderer({
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
    for (const event of [
      { type: 'tool-call', call },
      child({ type: 'text-delta', text: 'thinking' }),
      child({ type: 'tool-call', call: read }),
      child({
        type: 'tool-result',
        call: read,
        result: { status: 'rejected', by: 'policy', reason: 'not allowed' },
      }),
      child({ type: 'tool-call', call: read }, 2),
      child({ type: 'tool-result', call: read, result: { status: 'success', output: 'x' } }, 2),
      { type: 'tool-result', call, result: { status: 'success', output: {} } },
    ] satisfies AgentEvent[])
      renderer.render(event);
    expect(written.stdout).toBe('');
    expect(written.stderr.split('\n')).toEqual([
      '• delegate_explore {"task":"find main"}',
      '  • read_file {"path":"a.ts"}',
      '    • Rejected by policy: not allowed',
      '    • read_file {"path":"a.ts"}',
      '      ✓ read_file',
      '  ✓ delegate_explore',
      '',
    ]);
  });
});
