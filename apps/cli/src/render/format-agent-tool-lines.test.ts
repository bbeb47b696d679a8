import type { ToolResult } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { createColors } from './colors.js';
import { formatToolResultLine } from './format-agent-tool-lines.js';

const colors = createColors(false);
const call = { id: 'c1', name: 'some_tool', arguments: {} };
const root = '/w';

describe('formatToolResultLine', () => {
  it('shows five lines of output with their indentation, then how many more', () => {
    const text = ['a', '  b', '    c', 'd', 'e', 'f', 'g'].join('\n');
    const result: ToolResult = { status: 'success', output: {}, display: { summary: 'exit 0', text } };
    expect(formatToolResultLine(call, result, colors, root).split('\n')).toEqual([
      '  ✓ exit 0',
      '    │ a',
      '    │   b',
      '    │     c',
      '    │ d',
      '    │ e',
      '    │ … 2 more lines',
      '',
    ]);
  });

  it('shows a call that changed files by its A/M/D lines with counts, and the diffs only when asked', () => {
    const result: ToolResult = {
      status: 'success',
      output: {},
      display: { summary: '2 files changed', text: 'restated by the tool' },
      changes: [
        { path: '/w/src/a.ts', oldText: 'one\ntwo\n', newText: 'one\n2\n3\n' },
        { path: '/w/b.txt', oldText: null, newText: 'new\n' },
      ],
    };
    const counts = formatToolResultLine(call, result, colors, root);
    expect(counts).toBe('  ✓ 2 files changed\n    M src/a.ts +2 -1\n    A b.txt +1 -0\n');
    const verbose = formatToolResultLine(call, result, colors, root, { diffs: true });
    expect(verbose.startsWith(counts)).toBe(true);
    expect(verbose).toContain('      --- a/src/a.ts\n      +++ b/src/a.ts\n');
    expect(verbose).toContain('      -two\n      +2\n      +3\n');
    expect(verbose).toContain('      --- /dev/null\n      +++ b/b.txt\n');
  });

  it('escapes control characters in the output a person sees', () => {
    const result: ToolResult = {
      status: 'success',
      output: {},
      display: { summary: 'ok', text: 'x\u001b[2Ky' },
    };
    expect(formatToolResultLine(call, result, colors, root)).not.toContain('\u001b');
  });

  it('shows a failure by its code and the first line of its message', () => {
    const result: ToolResult = {
      status: 'failure',
      error: { code: 'file_not_found', message: 'No such file: a.txt\nmore detail' },
    };
    expect(formatToolResultLine(call, result, colors, root)).toBe(
      '  ✗ some_tool (file_not_found): No such file: a.txt\n',
    );
  });
});
