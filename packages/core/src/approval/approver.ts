import type { ApprovalRequest } from './approval-request.js';

/** ACP's four permission option kinds, plus `cancelled` (turn cancelled, no terminal, EOF, …). */
export type ApprovalAnswer = 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always' | 'cancelled';

/**
 * Supplied by the host: asks a person (terminal, editor, MCP client) about one call. A throw, an
 * aborted signal or `cancelled` all reject the call (fail closed).
 */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalAnswer>;

/** True for the two answers that let the call run. */
export function isApprovingAnswer(answer: ApprovalAnswer): boolean {
  return answer === 'allow_once' || answer === 'allow_always';
}
