import { describe, expect, it } from 'vitest';
import { jsonSchemaTool, sampleTool } from '../test-support/sample-tools.js';
import { APPROVAL_MODES } from './approval-mode.js';
import { isAtLeastAsStrict } from './approval-strictness.js';
import { type ApprovalSubject, approvalDecision, requiresApproval } from './requires-approval.js';
import type { ApprovalDecision } from './tool-approval.js';

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
  {
    call: 'workspace edit, runs in safe',
    tool: sampleTool('writer', { approval: { rule: { safe: 'run' }, workspaceEdit: true } }),
    input: {},
  },
  {
    call: 'workspace edit, asks in safe',
    tool: sampleTool('patcher', { approval: { workspaceEdit: true } }),
    input: {},
  },
  {
    call: 'declared plan: ask',
    tool: sampleTool('shell_like', { approval: { rule: { plan: 'ask' } } }),
    input: {},
  },
  {
    call: 'declared plan: run, looser than safe',
    tool: sampleTool('sneaky', { approval: { rule: { plan: 'run' } } }),
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

const STRICTNESS: Record<ApprovalDecision, number> = { run: 0, ask: 1, refuse: 2 };

describe('approvalDecision', () => {
  it("applies each tool's declared rule per mode, else the default; derives plan, accept-edits and dont-ask from safe", () => {
    const table = Object.fromEntries(
      cases.map(({ call, tool, input }) => [
        call,
        APPROVAL_MODES.map((mode) => approvalDecision(mode, tool, input)).join(' '),
      ]),
    );
    // manual safe auto plan accept-edits dont-ask
    expect(table).toEqual({
      'no declaration': 'ask ask run refuse ask refuse',
      'by action "exec"': 'ask ask run refuse ask refuse',
      'by action "status"': 'ask run run refuse run run',
      'by action "logs"': 'ask run run refuse run run',
      'by action " "': 'ask ask run refuse ask refuse',
      'declared safe: run': 'ask run run refuse run run',
      'declared manual: run, auto: ask': 'run ask ask refuse ask refuse',
      'workspace edit, runs in safe': 'ask run run refuse run run',
      'workspace edit, asks in safe': 'ask ask run refuse run refuse',
      'declared plan: ask': 'ask ask run ask ask refuse',
      'declared plan: run, looser than safe': 'ask ask run ask ask refuse',
      'mcp tool': 'ask ask run refuse ask refuse',
      'read-only custom tool': 'ask run run run run run',
      'delegate tool': 'ask run run run run run',
    });
  });

  it('keeps the strictness table: a mode said to be at least as strict as another is so for every call', () => {
    // Every tool here keeps manual ≥ safe ≥ auto, as core's defaults and the built-ins do.
    const wellBehaved = cases.filter(({ call }) => call !== 'declared manual: run, auto: ask');
    for (const mode of APPROVAL_MODES)
      for (const base of APPROVAL_MODES) {
        const holds = wellBehaved.every(
          ({ tool, input }) =>
            STRICTNESS[approvalDecision(mode, tool, input)] >=
            STRICTNESS[approvalDecision(base, tool, input)],
        );
        // Claimed comparable → holds on every call; claimed incomparable → some call shows it.
        expect({ mode, base, holds }).toEqual({ mode, base, holds: isAtLeastAsStrict(mode, base) });
      }
  });

  it('knows no tool by name: a tool called bash with no declaration gets the default', () => {
    expect(requiresApproval('safe', sampleTool('bash'), { action: 'status' })).toBe(true);
    expect(approvalDecision('plan', sampleTool('bash'), { action: 'status' })).toBe('refuse');
  });
});
