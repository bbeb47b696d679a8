import type { ApprovalMode } from '@toolgate/core';

/** A session's approval mode as a host switches it: by the person (`/mode`, ACP set_mode) or by leaving plan mode. */
export interface ApprovalModeState {
  /** The mode now (pass it to `openHostSession` as `mode`). */
  get(): ApprovalMode;
  /** The person chose a mode. */
  set(mode: ApprovalMode): void;
  /**
   * The person approved the model's plan: back to the last mode other than plan (`safe` when the
   * session started in plan), which it returns (pass it as `leavePlanMode`).
   */
  leavePlan(): ApprovalMode;
}

/** A mode state starting at `initial`; `onLeavePlan` hears the mode leaving plan mode switched to. */
export function createApprovalModeState(
  initial: ApprovalMode,
  onLeavePlan: (mode: ApprovalMode) => void = () => {},
): ApprovalModeState {
  let current = initial;
  let outsidePlan: ApprovalMode = initial === 'plan' ? 'safe' : initial;
  const set = (mode: ApprovalMode) => {
    current = mode;
    if (mode !== 'plan') outsidePlan = mode;
  };
  return {
    get: () => current,
    set,
    leavePlan: () => {
      set(outsidePlan);
      onLeavePlan(outsidePlan);
      return outsidePlan;
    },
  };
}
