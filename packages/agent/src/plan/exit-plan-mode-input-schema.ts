import { z } from 'zod';
import { EXIT_PLAN_MODE_PLAN_DESCRIPTION } from './exit-plan-mode-description.js';

/** Builds {@link EXIT_PLAN_MODE_INPUT_SCHEMA}; the spec builds its own on its first call. */
export function buildExitPlanModeInputSchema() {
  return z.object({ plan: z.string().trim().min(1).describe(EXIT_PLAN_MODE_PLAN_DESCRIPTION) });
}

/** Arguments of `exit_plan_mode`: the plan the person approves. */
export const EXIT_PLAN_MODE_INPUT_SCHEMA = /* @__PURE__ */ buildExitPlanModeInputSchema();
