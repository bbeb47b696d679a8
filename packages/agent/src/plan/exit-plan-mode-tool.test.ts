import {
  APPROVAL_MODES,
  type ApprovalMode,
  type ApprovalRequest,
  approvalDecision,
  createToolSurface,
  standardDecorators,
} from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { createExitPlanModeTool, EXIT_PLAN_MODE_SPEC } from './create-exit-plan-mode-tool.js';

describe('exit_plan_mode', () => {
  it('asks in plan mode only', () => {
    expect(
      APPROVAL_MODES.map((mode) => `${mode}: ${approvalDecision(mode, EXIT_PLAN_MODE_SPEC, { plan: 'p' })}`),
    ).toEqual(['manual: run', 'safe: run', 'auto: run', 'plan: ask', 'accept-edits: run', 'dont-ask: run']);
  });

  it('shows the plan to the person and, once approved, leaves plan mode; refused, it stays', async () => {
    let mode: ApprovalMode = 'plan';
    const asked: ApprovalRequest[] = [];
    const answers = ['reject_once', 'allow_once'] as const;
    const surface = createToolSurface({
      tools: [
        createExitPlanModeTool(
          () => mode,
          () => {
            mode = 'accept-edits';
            return mode;
          },
        ),
      ],
      decorators: standardDecorators({
        approval: {
          get mode() {
            return mode;
          },
          approver: async (request) => {
            asked.push(request);
            return answers[asked.length - 1]!;
          },
        },
      }),
    });
    const call = { id: 'x', name: 'exit_plan_mode', arguments: { plan: '1. Fix the parser\n2. Add a test' } };
    expect(await surface.executor.execute(call)).toMatchObject({ status: 'rejected', by: 'approval' });
    expect(mode).toBe('plan');
    expect(await surface.executor.execute(call)).toEqual({
      status: 'success',
      output:
        'The person approved the plan; plan mode is over and the approval mode is now accept-edits. Carry out the plan.',
    });
    expect(asked[0]).toMatchObject({
      title: 'Approve this plan and leave plan mode?',
      lines: ['1. Fix the parser', '2. Add a test'],
    });
    expect(await surface.executor.execute(call)).toMatchObject({
      status: 'failure',
      error: { code: 'not_in_plan_mode' },
    });
  });
});
