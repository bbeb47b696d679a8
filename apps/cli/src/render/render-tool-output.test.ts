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
  it("shows a success by the tool's own display: its text on stdout and its summary on stderr", () => {
    expect(
      renderToolOutput(
        {
          status: 'success',
          output: { any: 'shape' },
          display: { summary: 'Read a.txt (lines 1–2)', text: 'one\ntwo' },
        },
        plain,
      ),
    ).toEqual({ stdout: 'one\ntwo\n', stderr: '• Read a.txt (lines 1–2)' });
  });

  it('shows a display without text as its summary on stdout', () => {
    expect(
      renderToolOutput(
        { status: 'success', output: {}, display: { summary: 'Created b.txt (3 bytes)' } },
        plain,
      ),
    ).toEqual({ stdout: 'Created b.txt (3 bytes)\n' });
  });

  it('shows a tool that declares no display by its output: text as it is, anything else as JSON', () => {
    expect(renderToolOutput({ status: 'success', output: 'plain text' }, plain)).toEqual({
      stdout: 'plain text',
    });
    expect(renderToolOutput({ status: 'success', output: { a: 1 } }, plain)).toEqual({
      stdout: '{\n  "a": 1\n}',
    });
  });

  it("renders a built-in by its declaration, as any other tool's", () => {
    const exec = {
      command: 'echo hi',
      durationMs: 3,
      executionEnvironment: 'local',
      exitCode: 2,
      signal: null,
      stderr: 'warn\n',
      stdout: 'hi\n',
      timedOut: false,
      truncated: false,
      workingDirectory: '/w',
    };
    const display = BASH_SPEC.presentation?.result?.(exec as never, {} as never);
    expect(
      renderToolOutput({ status: 'success', output: exec, ...(display ? { display } : {}) }, plain),
    ).toEqual({
      stdout: 'hi\n',
      stderr: 'warn\n• exit 2',
    });
  });
});

describe('renderToolResult', () => {
  it('shows escape sequences, carriage returns and other controls from files, commands and MCP servers escaped', () => {
    const colors = { stdout: plain, stderr: plain };
    const hostile = 'safe\u001b[2K\u001b[1G\rrewritten\u009b31m\tend\n';
    expect([
      renderToolResult(
        'read_file',
        { status: 'success', output: {}, display: { summary: 'Read a.txt', text: hostile } },
        colors,
      ),
      renderToolResult('custom', { status: 'success', output: {}, display: { summary: hostile } }, colors)
        .stdout,
      renderToolResult('custom', { status: 'success', output: hostile }, colors).stdout,
      renderToolResult(
        'read_file',
        { status: 'failure', error: { code: 'not_found', message: 'x\u001b[2Ky' } },
        colors,
      ).stderr,
    ]).toEqual([
      { stdout: 'safe\\e[2K\\e[1G\\rrewritten\\x9b31m\tend\n', stderr: '• Read a.txt\n' },
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
