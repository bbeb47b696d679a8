import {
  type AnyTool,
  type ApprovalMode,
  defineTool,
  implementTool,
  toolFailure,
  toolSuccess,
} from '@toolgate/core';
import {
  EXIT_PLAN_MODE_DESCRIPTION,
  notInPlanModeText,
  planApprovedText,
} from './exit-plan-mode-description.js';
import {
  EXIT_PLAN_MODE_INPUT_CHECK,
  EXIT_PLAN_MODE_INPUT_JSON_SCHEMA,
} from './exit-plan-mode-input-json-schema.js';
import { buildExitPlanModeInputSchema } from './exit-plan-mode-input-schema.js';

/**
 * The spec of `exit_plan_mode`: in plan mode it asks the person, showing the plan, and runs only
 * once they approve it; in every other mode it runs unasked (and says there is no plan mode to
 * leave). It changes nothing on the machine, hence read-only.
 */
export const EXIT_PLAN_MODE_SPEC = defineTool({
  name: 'exit_plan_mode',
  description: EXIT_PLAN_MODE_DESCRIPTION,
  input: buildExitPlanModeInputSchema,
  inputJsonSchema: EXIT_PLAN_MODE_INPUT_JSON_SCHEMA,
  inputCheck: EXIT_PLAN_MODE_INPUT_CHECK,
  kind: 'think',
  annotations: {
    title: 'Leave plan mode',
    readOnly: true,
    destructive: false,
    idempotent: false,
    openWorld: false,
  },
  approval: {
    rule: { manual: 'run', plan: 'ask' },
    summarize: (input) => ({
      title: 'Approve this plan and leave plan mode?',
      lines: input.plan.split('\n'),
      detail: 'leave plan mode with the plan shown',
      remember: { key: 'plan', label: 'always leave plan mode when asked' },
    }),
  },
  presentation: { call: () => ({ title: 'Present the plan' }) },
});

/**
 * `exit_plan_mode` for a session whose host can switch the mode: `mode` is read at the call;
 * `leavePlanMode` switches the host out of plan mode (to the mode the person worked in before)
 * and returns the mode it switched to.
 */
export function createExitPlanModeTool(mode: () => ApprovalMode, leavePlanMode: () => ApprovalMode): AnyTool {
  return implementTool(EXIT_PLAN_MODE_SPEC, {
    execute: async () => {
      const current = mode();
      if (current !== 'plan') return toolFailure('not_in_plan_mode', notInPlanModeText(current));
      return toolSuccess(planApprovedText(leavePlanMode()));
    },
  });
}
