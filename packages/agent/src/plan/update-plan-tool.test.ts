import { APPROVAL_MODES, approvalDecision, createToolSurface, standardDecorators } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { createUpdatePlanTool, UPDATE_PLAN_SPEC } from './create-update-plan-tool.js';

describe('update_plan', () => {
  it('runs unasked in every mode, manual and plan included', () => {
    expect(APPROVAL_MODES.map((mode) => approvalDecision(mode, UPDATE_PLAN_SPEC, {}))).toEqual(
      APPROVAL_MODES.map(() => 'run'),
    );
  });

  it('returns the plan and shows it: a summary, one marked line per step, and display.plan', async () => {
    const surface = createToolSurface({
      tools: [createUpdatePlanTool()],
      decorators: standardDecorators({ approval: { mode: 'manual' } }),
    });
    const steps = [
      { step: 'Read the parser', status: 'completed' },
      { step: 'Fix the bug', status: 'in_progress' },
      { step: 'Add a test', status: 'pending' },
    ];
    const result = await surface.executor.execute({ id: 'p', name: 'update_plan', arguments: { steps } });
    expect(result).toMatchObject({
      status: 'success',
      output: { steps },
      display: {
        summary: 'Plan: 1 of 3 done',
        text: '✓ Read the parser\n→ Fix the bug\n· Add a test',
        plan: steps,
      },
    });
  });

  it('refuses two steps in progress at once', async () => {
    const surface = createToolSurface({
      tools: [createUpdatePlanTool()],
      decorators: standardDecorators({ approval: { mode: 'auto' } }),
    });
    const result = await surface.executor.execute({
      id: 'p',
      name: 'update_plan',
      arguments: {
        steps: [
          { step: 'a', status: 'in_progress' },
          { step: 'b', status: 'in_progress' },
        ],
      },
    });
    expect(result).toMatchObject({ status: 'failure', error: { code: 'invalid_arguments' } });
    expect(JSON.stringify(result)).toContain('at most one step may be in_progress');
  });
});
