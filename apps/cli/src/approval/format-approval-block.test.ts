import { buildApprovalRequest, type ToolDefinition } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { createColors } from '../render/colors.js';
import { formatApprovalBlock } from './format-approval-block.js';
import { parseApprovalAnswer } from './parse-approval-answer.js';

const definition = (name: string, kind: ToolDefinition['kind']): ToolDefinition => ({
  name,
  description: '',
  inputSchema: { type: 'object' },
  kind,
  annotations: {},
  source: { type: 'built-in' },
});

describe('formatApprovalBlock', () => {
  it('prints the seed block for bash exec: title, action and cwd, then the command', () => {
    const request = buildApprovalRequest({
      definition: definition('bash', 'execute'),
      callId: 'c1',
      input: { action: 'exec', command: 'rm -rf build', cwd: 'packages/core' },
      mode: 'safe',
    });
    expect(formatApprovalBlock(request, createColors(false))).toBe(
      '• Approval required for bash\n  └ exec in packages/core\n    rm -rf build\n',
    );
  });

  it('adds the planned diff, coloured when colour is on', () => {
    const request = buildApprovalRequest({
      definition: definition('write_file', 'edit'),
      callId: 'c1',
      input: { path: 'a.txt', content: 'new\n' },
      mode: 'manual',
      preview: { lines: ['Write a.txt'], diff: '--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new\n' },
    });
    expect(formatApprovalBlock(request, createColors(false))).toBe(
      '• Approval required for write_file\n  └ Write a.txt\n    --- a/a.txt\n    +++ b/a.txt\n    @@ -1 +1 @@\n    -old\n    +new\n',
    );
    expect(formatApprovalBlock(request, createColors(true))).toBe(
      '\u001b[1m• Approval required for write_file\u001b[22m\n  └ Write a.txt\n' +
        '    \u001b[1m--- a/a.txt\u001b[22m\n    \u001b[1m+++ b/a.txt\u001b[22m\n    \u001b[36m@@ -1 +1 @@\u001b[39m\n' +
        '    \u001b[31m-old\u001b[39m\n    \u001b[32m+new\u001b[39m\n',
    );
  });
});

describe('parseApprovalAnswer', () => {
  it('approves y/yes once and a/always for the session, in any case; anything else rejects', () => {
    expect(['y', 'Y', ' yes ', 'YES'].map(parseApprovalAnswer)).toEqual(Array(4).fill('allow_once'));
    expect(['a', 'A', 'always', 'Always'].map(parseApprovalAnswer)).toEqual(Array(4).fill('allow_always'));
    expect(['', 'n', 'no', 'yess', 'ok', 'sure'].map(parseApprovalAnswer)).toEqual(
      Array(6).fill('reject_once'),
    );
  });
});
