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

/** What an approver answers: one of the kinds, or a rejection that carries feedback. */
export type ApprovalAnswer = ApprovalAnswerKind | ApprovalRejectionWithFeedback;

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
