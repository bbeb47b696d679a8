/** The model-facing description of `exit_plan_mode`. */
export const EXIT_PLAN_MODE_DESCRIPTION =
  'In plan mode, presents your finished plan to the person: if they approve it, plan mode ends and the calls the plan needs may run (in the mode the person works in); if not, stay in plan mode and revise the plan. ' +
  'Call it only in plan mode, once the plan is complete; outside plan mode it does nothing.';

/** The `plan` argument. */
export const EXIT_PLAN_MODE_PLAN_DESCRIPTION = 'The plan, as the person should read it (Markdown).';

/** What the model reads once the person approved the plan. */
export function planApprovedText(mode: string): string {
  return `The person approved the plan; plan mode is over and the approval mode is now ${mode}. Carry out the plan.`;
}

/** What the model reads when it calls the tool outside plan mode. */
export function notInPlanModeText(mode: string): string {
  return `Not in plan mode (the approval mode is ${mode}), so there is no plan to approve: go on with the work.`;
}
