import { z } from 'zod';
import {
  UPDATE_PLAN_EXPLANATION_DESCRIPTION,
  UPDATE_PLAN_STATUS_DESCRIPTION,
  UPDATE_PLAN_STEP_DESCRIPTION,
  UPDATE_PLAN_STEPS_DESCRIPTION,
} from './update-plan-description.js';

/** Builds {@link UPDATE_PLAN_INPUT_SCHEMA}; the spec builds its own on its first call. */
export function buildUpdatePlanInputSchema() {
  return z.object({
    steps: z
      .array(
        z.object({
          step: z.string().trim().min(1).describe(UPDATE_PLAN_STEP_DESCRIPTION),
          status: z.enum(['pending', 'in_progress', 'completed']).describe(UPDATE_PLAN_STATUS_DESCRIPTION),
        }),
      )
      .min(1)
      .refine((steps) => steps.filter((step) => step.status === 'in_progress').length <= 1, {
        message: 'at most one step may be in_progress',
      })
      .describe(UPDATE_PLAN_STEPS_DESCRIPTION),
    explanation: z.string().optional().describe(UPDATE_PLAN_EXPLANATION_DESCRIPTION),
  });
}

/** Arguments of `update_plan`: the whole plan, and why it changed. */
export const UPDATE_PLAN_INPUT_SCHEMA = /* @__PURE__ */ buildUpdatePlanInputSchema();
