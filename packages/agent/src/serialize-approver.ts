import type { Approver } from '@toolgate/core';

/** The approver, asked one question at a time even when calls run in parallel. */
export function serializeApprover(approver: Approver): Approver {
  let tail: Promise<unknown> = Promise.resolve();
  return (request, signal) => {
    const answer = tail.then(() => approver(request, signal));
    tail = answer.catch(() => undefined);
    return answer;
  };
}
