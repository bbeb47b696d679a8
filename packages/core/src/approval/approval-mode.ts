/**
 * How much a person is asked (docs/architecture.md, "Approval"). The seed's three: every call
 * (`manual`), risky calls (`safe`, the default), nothing (`auto`). And: `plan` (only what reads
 * runs, writes are refused until a plan is approved), `accept-edits` (safe, with file edits inside
 * the workspace unasked) and `dont-ask` (safe, with every question turned into a refusal).
 */
export type ApprovalMode = 'manual' | 'safe' | 'auto' | 'plan' | 'accept-edits' | 'dont-ask';

/** The modes: the seed's three, strictest first, then plan, accept-edits and dont-ask. */
export const APPROVAL_MODES: readonly ApprovalMode[] = [
  'manual',
  'safe',
  'auto',
  'plan',
  'accept-edits',
  'dont-ask',
];
