import { describe, expect, it } from 'vitest';
import { jsonSchemaTool, sampleTool } from '../test-support/sample-tools.js';
import { APPROVAL_MODES } from './approval-mode.js';
import { type ApprovalSubject, requiresApproval } from './requires-approval.js';

const byAction = sampleTool('shell_like', {
  approval: {
    rule: {
      safe: (input) =>
        ['status', 'logs'].includes((input.action ?? '').trim().toLowerCase()) ? 'run' : 'ask',
    },
  },
});

const cases: { call: string; tool: ApprovalSubject; input: unknown }[] = [
  { call: 'no declaration', tool: sampleTool('patcher'), input: {} },
  ...['exec', 'status', 'logs', ' '].map((action) => ({
    call: `by action "${action}"`,
    tool: byAction,
    input: { action },
  })),
  {
    call: 'declared safe: run',
    tool: sampleTool('writer', { approval: { rule: { safe: 'run' } } }),
    input: {},
  },
  {
    call: 'declared manual: run, auto: ask',
    tool: sampleTool('odd', { approval: { rule: { manual: 'run', auto: 'ask' } } }),
    input: {},
  },
  { call: 'mcp tool', tool: jsonSchemaTool('mcp__s__t', 's'), input: {} },
  {
    call: 'read-only custom tool',
    tool: sampleTool('lookup', { annotations: { readOnly: true }, source: { type: 'custom' } }),
    input: {},
  },
  {
    call: 'delegate tool',
    tool: sampleTool('delegate_explore', { source: { type: 'delegate' } }),
    input: {},
  },
];

describe('requiresApproval', () => {
  it("applies each tool's declared rule per mode, else the default: safe runs only read-only and delegate tools", () => {
    const table = Object.fromEntries(
      cases.map(({ call, tool, input }) => [
        call,
        APPROVAL_MODES.map((mode) => (requiresApproval(mode, tool, input) ? 'ask' : 'run')).join(' '),
      ]),
    );
    expect(table).toEqual({
      'no declaration': 'ask ask run',
      'by action "exec"': 'ask ask run',
      'by action "status"': 'ask run run',
      'by action "logs"': 'ask run run',
      'by action " "': 'ask ask run',
      'declared safe: run': 'ask run run',
      'declared manual: run, auto: ask': 'run ask ask',
      'mcp tool': 'ask ask run',
      'read-only custom tool': 'ask run run',
      'delegate tool': 'ask run run',
    });
  });

  it('knows no tool by name: a tool called bash with no declaration gets the default', () => {
    expect(requiresApproval('safe', sampleTool('bash'), { action: 'status' })).toBe(true);
  });
});
