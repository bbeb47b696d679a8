import type { Approver } from '@toolgate/core';

/**
 * The approver of a child session: the parent's own (so questions are still asked one at a time),
 * with every request's title naming the child: `explore wants to run bash`.
 */
export function nameChildApprover(approver: Approver, agent: string): Approver {
  return (request, signal) =>
    approver({ ...request, title: `${agent} wants to run ${request.toolName}` }, signal);
}
