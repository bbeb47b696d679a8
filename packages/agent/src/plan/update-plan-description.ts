/** The model-facing description of `update_plan`. */
export const UPDATE_PLAN_DESCRIPTION =
  'Keeps your plan for the task: the whole list of steps, each pending, in_progress or completed (at most one in_progress). ' +
  'Call it when you have a plan, and again whenever a step starts or finishes; each call replaces the plan. ' +
  'It changes nothing but the plan the person sees, so it runs in every approval mode, plan mode included: in plan mode, present the plan this way.';

/** The `steps` argument. */
export const UPDATE_PLAN_STEPS_DESCRIPTION = 'Every step of the plan, in order.';

/** One step's text. */
export const UPDATE_PLAN_STEP_DESCRIPTION = 'What the step does, in a short sentence.';

/** One step's status. */
export const UPDATE_PLAN_STATUS_DESCRIPTION = 'pending, in_progress (at most one step) or completed.';

/** The `explanation` argument. */
export const UPDATE_PLAN_EXPLANATION_DESCRIPTION = 'Optional: why the plan changed.';
