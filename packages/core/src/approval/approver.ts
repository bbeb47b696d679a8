import type { ApprovalRequest } from './approval-request.js';

/** ACP's four permission option kinds, plus `cancelled` (turn cancelled, no terminal, EOF, …). */
export type ApprovalAnswerKind =
  | 'allow_once'
  | 'allow_always'
  | 'reject_once'
  | 'reject_always'
  | 'cancelled';

/** A rejection with text for the model ("use pnpm, not npm"): the model reads it and may go on. */
export interface ApprovalRejectionWithFeedback {
  readonly kind: 'reject_once' | 'reject_always';
  /** Shown to the model as `Feedback: <text>` after the rejection. */
  readonly feedback: string;
}

/**
 * "Always" beyond this session: the request's `lastingRules` written as allow rules into the
 * user's config file, for this workspace only (`project`) or every workspace (`user`). Only a
 * host that offered them (the request has `lastingRules`) can keep this; core remembers it for
 * the session as it does any `allow_always`.
 */
export interface ApprovalLastingAlways {
  readonly kind: 'allow_always';
  readonly scope: 'project' | 'user';
}

/** What an approver answers: one of the kinds, a rejection that carries feedback, or a lasting "always". */
export type ApprovalAnswer = ApprovalAnswerKind | ApprovalRejectionWithFeedback | ApprovalLastingAlways;

/**
 * Supplied by the host: asks a person (terminal, editor, MCP client) about one call. A throw, an
 * aborted signal or `cancelled` all reject the call (fail closed).
 */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalAnswer>;

/** The kind of an answer, with or without feedback. */
export function approvalAnswerKind(answer: ApprovalAnswer): ApprovalAnswerKind {
  return typeof answer === 'string' ? answer : answer.kind;
}

/** True for the two answers that let the call run. */
export function isApprovingAnswer(answer: ApprovalAnswer): boolean {
  const kind = approvalAnswerKind(answer);
  return kind === 'allow_once' || kind === 'allow_always';
}
