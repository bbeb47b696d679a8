/** How much a person is asked: every call, risky calls (the default), or nothing. */
export type ApprovalMode = 'manual' | 'safe' | 'auto';

/** The modes, strictest first. */
export const APPROVAL_MODES: readonly ApprovalMode[] = ['manual', 'safe', 'auto'];
