import { presentToolCall } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { BASH_SPEC } from './bash/bash-spec.js';

const call = (args: Record<string, unknown>) => ({ id: 'c', name: 'bash', arguments: args });

describe('how bash presents itself to people', () => {
  it('titles its calls by the command or the process they act on', () => {
    expect([
      presentToolCall(BASH_SPEC, call({ command: 'npm test' })),
      presentToolCall(BASH_SPEC, call({ action: 'start', command: 'npm run dev', cwd: 'web' })),
      presentToolCall(BASH_SPEC, call({ action: 'stop', processId: 'proc_1' })),
      presentToolCall(BASH_SPEC, call({ action: 'list' })),
    ]).toMatchInlineSnapshot(`
      [
        {
          "kind": "execute",
          "locations": [],
          "title": "Run \`npm test\`",
        },
        {
          "kind": "execute",
          "locations": [
            "web",
          ],
          "title": "Start \`npm run dev\`",
        },
        {
          "kind": "execute",
          "locations": [],
          "title": "Stop process proc_1",
        },
        {
          "kind": "execute",
          "locations": [],
          "title": "List processes",
        },
      ]
    `);
  });

  it('summarises a command by its exit status, with its output as the text', () => {
    const exec = {
      command: 'npm test',
      durationMs: 12,
      executionEnvironment: 'sandbox',
      exitCode: 1,
      signal: null,
      stderr: 'failed\n',
      stdout: 'ran 3',
      timedOut: false,
      truncated: true,
      workingDirectory: '/w',
    };
    expect([
      BASH_SPEC.presentation?.result?.(exec as never, {} as never),
      BASH_SPEC.presentation?.result?.(
        {
          ...exec,
          exitCode: null,
          signal: 'SIGTERM',
          timedOut: true,
          stdout: '',
          stderr: '',
          truncated: false,
          executionEnvironment: 'local',
        } as never,
        {} as never,
      ),
    ]).toMatchInlineSnapshot(`
      [
        {
          "notes": "failed
      ",
          "summary": "exit 1 (sandboxed) · output truncated",
          "text": "ran 3",
        },
        {
          "summary": "timed out (SIGTERM)",
          "text": "",
        },
      ]
    `);
  });
});
