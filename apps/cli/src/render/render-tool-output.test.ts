import type { ToolDefinition } from '@toolgate/core';
import { BASH_SPEC } from '@toolgate/tools-shell';
import { describe, expect, it } from 'vitest';
import { describeApprovalRule } from './approval-rule.js';
import { createColors } from './colors.js';
import { renderToolOutput } from './render-tool-output.js';
import { renderToolResult } from './render-tool-result.js';
import { renderToolsTable } from './render-tools-table.js';

const plain = createColors(false);

const definition = (name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  description: `Does ${name}.\nMore prose.`,
  inputSchema: { type: 'object' },
  kind: 'other',
  annotations: {},
  source: { type: 'built-in' },
  ...extra,
});

describe('renderToolOutput', () => {
  it('renders each built-in tool for a person', () => {
    expect(
      renderToolOutput(
        'bash',
        {
          command: 'ls',
          stdout: 'a\n',
          stderr: 'warn\n',
          exitCode: 2,
          signal: null,
          timedOut: false,
          truncated: false,
          durationMs: 12.4,
        },
        plain,
      ),
    ).toEqual({ stdout: 'a\n', stderr: 'warn\n• exit 2 · 12ms' });
    expect(
      renderToolOutput(
        'bash',
        {
          command: 'ls',
          stdout: '',
          stderr: '',
          executionEnvironment: 'sandbox',
          exitCode: 0,
          sandboxProviderId: 'bwrap',
          sandboxSessionId: 'sbx_1',
          signal: null,
          timedOut: false,
          truncated: false,
          durationMs: 7,
        },
        plain,
      ),
    ).toEqual({ stdout: '', stderr: '• exit 0 (sandboxed) · 7ms' });
    expect(
      renderToolOutput(
        'bash',
        {
          command: 'sleep 9',
          stdout: '',
          stderr: '',
          exitCode: null,
          signal: 'SIGTERM',
          timedOut: true,
          truncated: false,
          durationMs: 1000,
        },
        plain,
      ),
    ).toEqual({ stdout: '', stderr: '• timed out (SIGTERM) · 1000ms' });
    expect(
      renderToolOutput(
        'bash',
        [{ processId: 'proc_1', status: 'EXITED', pid: 7, exitCode: 0, command: 'make' }],
        plain,
      ),
    ).toEqual({ stdout: 'proc_1  EXITED pid 7 exit 0  make\n', stderr: '' });
    expect(
      renderToolOutput(
        'bash',
        {
          content: 'log',
          nextOffset: 3,
          offset: 0,
          processId: 'proc_1',
          status: 'RUNNING',
          truncated: false,
        },
        plain,
      ),
    ).toEqual({
      stdout: 'log',
      stderr: '• proc_1 RUNNING · next offset 3',
    });
    expect(
      renderToolOutput(
        'read_file',
        { path: 'a', content: 'x', startLine: 1, endLine: 1, truncated: false, hasMore: true },
        plain,
      ),
    ).toEqual({
      stdout: 'x\n',
      stderr: '• a: more lines after line 1 (use startLine)',
    });
    expect(
      renderToolOutput('write_file', { path: 'a', created: false, appended: true, bytesWritten: 3 }, plain),
    ).toEqual({
      stdout: 'Appended to a (3 bytes)\n',
    });
    expect(
      renderToolOutput(
        'apply_patch',
        {
          fileChanges: [
            { path: 'a', operation: 'add' },
            { path: 'b', operation: 'update', movedTo: 'c' },
            { path: 'd', operation: 'delete' },
          ],
        },
        plain,
      ),
    ).toEqual({ stdout: 'A a\nM b -> c\nD d\n' });
    expect(renderToolOutput('edit', { path: 'a', replacements: 2 }, plain)).toEqual({
      stdout: 'M a (2 replacements)\n',
    });
    expect(renderToolOutput('glob', { matches: ['a', 'b/c'], truncated: false }, plain)).toEqual({
      stdout: 'a\nb/c\n',
      stderr: '',
    });
    expect(
      renderToolOutput('grep', { matches: [{ file: 'a', line: 3, content: 'hit' }], truncated: true }, plain),
    ).toEqual({
      stdout: 'a:3:hit\n',
      stderr: '• more matches not shown (raise maxResults)',
    });
    expect(
      renderToolOutput('update_agents_md', { action: 'read', path: 'AGENTS.md', content: '# x' }, plain),
    ).toEqual({ stdout: '# x\n' });
    expect(
      renderToolOutput(
        'update_agents_md',
        { action: 'read', path: 'AGENTS.md', exists: false, content: '' },
        plain,
      ),
    ).toEqual({ stdout: '', stderr: '• There is no AGENTS.md yet (action write or append creates it).' });
    expect(
      renderToolOutput('mcp__docs__search', { text: 'found', structuredContent: { n: 1 } }, plain),
    ).toEqual({ stdout: 'found\n' });
    expect(renderToolOutput('custom', { a: 1 }, plain)).toEqual({ stdout: '{\n  "a": 1\n}' });
  });
});

describe('renderToolResult', () => {
  it('shows escape sequences, carriage returns and other controls from files, commands and MCP servers escaped', () => {
    const colors = { stdout: plain, stderr: plain };
    const hostile = 'safe\u001b[2K\u001b[1G\rrewritten\u009b31m\tend\n';
    expect([
      renderToolResult(
        'read_file',
        { status: 'success', output: { path: 'a.txt', content: hostile, startLine: 1, endLine: 2 } },
        colors,
      ).stdout,
      renderToolResult(
        'bash',
        {
          status: 'success',
          output: { command: 'cat a', stdout: hostile, stderr: '\u001b]0;title\u0007', exitCode: 0 },
        },
        colors,
      ),
      renderToolResult(
        'mcp__docs__search',
        { status: 'success', output: { text: hostile, structuredContent: {} } },
        colors,
      ).stdout,
      renderToolResult('custom', { status: 'success', output: hostile }, colors).stdout,
      renderToolResult(
        'read_file',
        { status: 'failure', error: { code: 'not_found', message: 'x\u001b[2Ky' } },
        colors,
      ).stderr,
    ]).toEqual([
      'safe\\e[2K\\e[1G\\rrewritten\\x9b31m\tend\n',
      { stdout: 'safe\\e[2K\\e[1G\\rrewritten\\x9b31m\tend\n', stderr: '\\e]0;title\\x07\n• exit 0\n' },
      'safe\\e[2K\\e[1G\\rrewritten\\x9b31m\tend\n',
      'safe\\e[2K\\e[1G\\rrewritten\\x9b31m\tend\n',
      '✗ read_file failed (not_found): x\\e[2Ky\n',
    ]);
  });

  it('sends failures and rejections to stderr', () => {
    const colors = { stdout: plain, stderr: plain };
    expect(
      renderToolResult(
        'read_file',
        { status: 'failure', error: { code: 'not_found', message: 'No such file.' } },
        colors,
      ),
    ).toEqual({
      stdout: '',
      stderr: '✗ read_file failed (not_found): No such file.\n',
    });
    expect(
      renderToolResult('bash', { status: 'rejected', by: 'approval', reason: 'rm -rf /' }, colors),
    ).toEqual({
      stdout: '',
      stderr: '• Rejected by approval: rm -rf /\n',
    });
  });
});

describe('describeApprovalRule and renderToolsTable', () => {
  it('says which calls the mode asks for, by the rule each tool declares', () => {
    const bash = { ...BASH_SPEC, definition: { ...BASH_SPEC.definition, description: 'Does bash.\nMore.' } };
    expect(['manual', 'safe', 'auto'].map((mode) => describeApprovalRule(mode as 'safe', bash))).toEqual([
      'yes',
      'exec,start,stop,write',
      'no',
    ]);
    const readOnlyMcp = {
      definition: definition('mcp__docs__search', {
        annotations: { readOnly: true },
        source: { type: 'mcp', server: 'docs', originalName: 'search' },
      }),
    };
    expect(describeApprovalRule('safe', readOnlyMcp)).toBe('no');
    expect(
      describeApprovalRule('safe', {
        definition: definition('mcp__docs__write', {
          source: { type: 'mcp', server: 'docs', originalName: 'write' },
        }),
      }),
    ).toBe('yes');
    expect(renderToolsTable([bash, readOnlyMcp], 'safe', plain)).toBe(
      'TOOL               KIND     SOURCE    ASKS (safe)            DESCRIPTION\n' +
        'bash               execute  built-in  exec,start,stop,write  Does bash.\n' +
        'mcp__docs__search  other    mcp:docs  no                     Does mcp__docs__search.\n',
    );
  });

  it('reads a swapped-in tool by its own rule, not by its name, and lists the actions that ask', () => {
    // A team's own bash that runs everything but `deploy` unasked in safe mode.
    const ownBash = {
      definition: definition('bash', {
        inputSchema: {
          type: 'object',
          properties: { action: { type: 'string', enum: ['run', 'deploy'] } },
        },
      }),
      approval: {
        rule: { safe: (input: { action?: string }) => (input.action === 'deploy' ? 'ask' : 'run') },
      },
    } as const;
    expect(describeApprovalRule('safe', ownBash)).toBe('deploy');
    expect(describeApprovalRule('manual', ownBash)).toBe('yes');
    expect(describeApprovalRule('safe', { definition: definition('bash') })).toBe('yes');
  });

  it('says a tool asks when its rule throws on the bare arguments a listing judges it by', () => {
    const fragile = {
      definition: definition('upload'),
      approval: { rule: { auto: (input: { path: string }) => (input.path.startsWith('/') ? 'ask' : 'run') } },
    } as const;
    expect(describeApprovalRule('auto', fragile)).toBe('yes');
    expect(renderToolsTable([fragile], 'auto', plain)).toContain('upload  other  built-in  yes');
  });
});
