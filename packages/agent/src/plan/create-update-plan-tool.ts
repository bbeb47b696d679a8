import { type AnyTool, defineTool, implementTool, type PlanStep, toolSuccess } from '@toolgate/core';
import type { z } from 'zod';
import { UPDATE_PLAN_DESCRIPTION } from './update-plan-description.js';
import { UPDATE_PLAN_INPUT_CHECK, UPDATE_PLAN_INPUT_JSON_SCHEMA } from './update-plan-input-json-schema.js';
import { buildUpdatePlanInputSchema } from './update-plan-input-schema.js';

/** What `update_plan` returns: the plan as it now stands. */
export interface UpdatePlanOutput {
  readonly steps: readonly PlanStep[];
}

const MARKS: Readonly<Record<PlanStep['status'], string>> = {
  completed: '✓',
  in_progress: '→',
  pending: '·',
};

/**
 * The spec of `update_plan` (Codex's shape): the model's whole plan, steps with a status. It only
 * reports, so it is read-only and runs in every mode (manual included); its display carries the
 * plan (`display.plan`) for hosts to show under the turn or send as ACP `plan` updates.
 */
export const UPDATE_PLAN_SPEC = defineTool({
  name: 'update_plan',
  description: UPDATE_PLAN_DESCRIPTION,
  input: buildUpdatePlanInputSchema,
  inputJsonSchema: UPDATE_PLAN_INPUT_JSON_SCHEMA,
  inputCheck: UPDATE_PLAN_INPUT_CHECK,
  kind: 'think',
  annotations: {
    title: 'Update the plan',
    readOnly: true,
    destructive: false,
    idempotent: true,
    openWorld: false,
  },
  approval: { rule: { manual: 'run' } },
  presentation: {
    call: () => ({ title: 'Update the plan' }),
    result: (output: UpdatePlanOutput) => {
      const done = output.steps.filter((step) => step.status === 'completed').length;
      return {
        summary: `Plan: ${done} of ${output.steps.length} done`,
        text: output.steps.map((step) => `${MARKS[step.status]} ${step.step}`).join('\n'),
        plan: output.steps,
      };
    },
  },
});

/** `update_plan`: returns the plan it was given, which the model reads back as the plan in force. */
export function createUpdatePlanTool(): AnyTool {
  return implementTool(UPDATE_PLAN_SPEC, {
    execute: async (input: z.output<ReturnType<typeof buildUpdatePlanInputSchema>>) =>
      toolSuccess<UpdatePlanOutput>({ steps: input.steps.map(({ step, status }) => ({ step, status })) }),
  });
}
