import { buildApprovalRequest } from '@toolgate/core';
import { WRITE_FILE_SPEC } from '@toolgate/tools-fs';
import { BASH_SPEC } from '@toolgate/tools-shell';
import { describe, expect, it } from 'vitest';
import { createColors } from '../render/colors.js';
import type { ControllingTerminal } from '../terminal/controlling-terminal.js';
import { formatApprovalChoices, ONE_SHOT_CHOICES } from './approval-choices.js';
import { createTerminalApprover } from './create-terminal-approver.js';
import { formatApprovalBlock } from './format-approval-block.js';
import { parseApprovalAnswer } from './parse-approval-answer.js';
import { formatRejectionLine, type TerminalRejection } from './terminal-rejection.js';

describe('formatApprovalBlock', () => {
  it('prints the block for bash exec: title, action and cwd, then the command', () => {
    const request = buildApprovalRequest({
      tool: BASH_SPEC,
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
      tool: WRITE_FILE_SPEC,
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
  const session = { always: true, feedback: false };
  it('approves y/yes once and, where offered, a/always for the session, in any case; anything else rejects', () => {
    const parse = (choices: typeof session) => (line: string) => parseApprovalAnswer(line, choices);
    expect(['y', 'Y', ' yes ', 'YES'].map(parse(ONE_SHOT_CHOICES))).toEqual(Array(4).fill('allow_once'));
    expect(['a', 'A', 'always', 'Always'].map(parse(session))).toEqual(Array(4).fill('allow_always'));
    expect(['', 'n', 'no', 'yess', 'ok', 'sure'].map(parse(session))).toEqual(Array(6).fill('reject_once'));
  });

  it('rejects a choice that was not offered: "a" or "f" in a one-shot call runs nothing', () => {
    expect(parseApprovalAnswer('a', ONE_SHOT_CHOICES)).toBe('always_not_offered');
    expect(parseApprovalAnswer('f', ONE_SHOT_CHOICES)).toBe('reject_once');
    expect(parseApprovalAnswer('p', session)).toBe('reject_once');
    expect(parseApprovalAnswer(' F ', { always: true, feedback: true })).toBe('reject_with_feedback');
  });
});

describe('formatApprovalChoices', () => {
  const bashRequest = buildApprovalRequest({
    tool: BASH_SPEC,
    callId: 'c1',
    input: { action: 'exec', command: 'npm test' },
    mode: 'safe',
  });

  it('offers only yes and no in a one-shot call', () => {
    expect(formatApprovalChoices(ONE_SHOT_CHOICES, bashRequest, createColors(false))).toEqual({
      lines: '  y  yes\n  n  no (the default)\n',
      question: '• Approve? [y/N] ',
    });
  });

  it('labels "always" with what it covers (bash: the exact command) and offers feedback where a model reads it', () => {
    expect(formatApprovalChoices({ always: true, feedback: true }, bashRequest, createColors(false))).toEqual(
      {
        lines:
          '  y  yes\n  a  yes, and always for `npm test` this session\n  n  no (the default)\n  f  no, and tell the model why\n',
        question: '• Approve? [y/a/N/f] ',
      },
    );
  });
});

describe('lasting "always"', () => {
  const lasting = {
    ...buildApprovalRequest({
      tool: BASH_SPEC,
      callId: 'c1',
      input: { action: 'exec', command: 'npm test' },
      mode: 'safe',
    }),
    lastingRules: ['bash(npm test)'],
  };

  it('offers this project and everywhere beside the session, showing the exact rule', () => {
    expect(formatApprovalChoices({ always: true, feedback: false }, lasting, createColors(false)).lines).toBe(
      '  y  yes\n  a  yes, and always for `npm test` this session\n' +
        '  p  yes, and in this project from now on: allow bash(npm test) (your config file)\n' +
        '  e  yes, and everywhere from now on: allow bash(npm test) (your config file)\n  n  no (the default)\n',
    );
    expect(
      ['p', 'E', 'a'].map((line) => parseApprovalAnswer(line, { always: true, feedback: false }, true)),
    ).toEqual(['allow_project', 'allow_everywhere', 'allow_always']);
  });

  it('in a one-shot call, "a" means this project', () => {
    expect(formatApprovalChoices(ONE_SHOT_CHOICES, lasting, createColors(false))).toEqual({
      lines:
        '  y  yes\n  a  yes, and in this project from now on: allow bash(npm test) (your config file)\n  n  no (the default)\n',
      question: '• Approve? [y/a/N] ',
    });
    expect(parseApprovalAnswer('a', ONE_SHOT_CHOICES, true)).toBe('allow_project');
  });
});

describe('formatRejectionLine', () => {
  const request = buildApprovalRequest({
    tool: WRITE_FILE_SPEC,
    callId: 'c1',
    input: { path: 'x.txt', content: 'x' },
    mode: 'manual',
    preview: { lines: ['Create x.txt (1 bytes)'] },
  });

  it('names the tool, what it would have done and why nothing ran, in one line', () => {
    const plain = createColors(false);
    expect(formatRejectionLine({ request, why: 'declined' }, plain)).toBe(
      '• Rejected write_file: Create x.txt (1 bytes). You declined; nothing ran.\n',
    );
    expect(formatRejectionLine({ request, why: 'no_terminal' }, plain)).toBe(
      '• Rejected write_file: Create x.txt (1 bytes). Nobody to ask (no terminal): manual mode asks about it, so nothing ran; unattended, pre-approve it with an allow rule, or refuse such calls to the model with --approval dont-ask.\n',
    );
  });

  it('names the ask rule that asked, and gives no advice a mode cannot follow', () => {
    const askedByRule = {
      ...request,
      mode: 'auto' as const,
      askingRule: { text: 'write_file', source: 'config.json' },
    };
    expect(formatRejectionLine({ request: askedByRule, why: 'no_terminal' }, createColors(false))).toBe(
      '• Rejected write_file: Create x.txt (1 bytes). Nobody to ask (no terminal): the ask rule write_file in config.json asks about it, so nothing ran.\n',
    );
  });

  it('says why "always" is not offered in a one-shot call without a rule to keep', () => {
    expect(formatRejectionLine({ request, why: 'always_not_offered' }, createColors(false))).toBe(
      '• Rejected write_file: Create x.txt (1 bytes). "always" is not offered for this call (no rule as narrow as it can be written), and nothing ran.\n',
    );
  });
});

describe('createTerminalApprover', () => {
  const request = buildApprovalRequest({
    tool: BASH_SPEC,
    callId: 'c1',
    input: { action: 'exec', command: 'npm test' },
    mode: 'safe',
  });

  /** A terminal that answers with the given lines, in order, and records what was written. */
  const scriptedTerminal = (answers: (string | null)[]) => {
    let shown = '';
    const terminal: ControllingTerminal = {
      write: (text) => {
        shown += text;
      },
      readLine: async () => answers.shift() ?? null,
      close: () => {},
    };
    return { open: () => terminal, shown: () => shown };
  };

  it('"f" rejects and sends the next line to the model as feedback', async () => {
    const terminal = scriptedTerminal(['f', 'use pnpm, not npm']);
    const rejections: TerminalRejection[] = [];
    const approver = createTerminalApprover({
      choices: { always: true, feedback: true },
      openTerminal: terminal.open,
      onRejected: (rejection) => rejections.push(rejection),
    });
    expect(await approver(request, new AbortController().signal)).toEqual({
      kind: 'reject_once',
      feedback: 'use pnpm, not npm',
    });
    expect(terminal.shown()).toContain(
      '  f  no, and tell the model why\n• Approve? [y/a/N/f] • Tell the model why: ',
    );
    expect(rejections).toEqual([{ request, why: 'declined' }]);
  });

  it('"f" with an empty reason is a plain rejection', async () => {
    const approver = createTerminalApprover({
      choices: { always: true, feedback: true },
      openTerminal: scriptedTerminal(['f', '  ']).open,
      onRejected: () => {},
    });
    expect(await approver(request, new AbortController().signal)).toBe('reject_once');
  });
});
