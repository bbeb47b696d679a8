import type { ApprovalMemory } from '@toolgate/core';

/** A remembered "always" answer. */
export type RememberedDecision = NonNullable<ReturnType<ApprovalMemory['get']>>;

/** An approval memory whose answers can be listed (a store records them per turn). */
export interface ListedApprovalMemory extends ApprovalMemory {
  entries(): (readonly [string, RememberedDecision])[];
}

/** An in-memory {@link ListedApprovalMemory}, holding `initial` (a resumed session's answers). */
export function createListedApprovalMemory(
  initial: readonly (readonly [string, RememberedDecision])[] = [],
): ListedApprovalMemory {
  const decisions = new Map<string, RememberedDecision>(initial);
  return {
    get: (key) => decisions.get(key),
    set: (key, decision) => {
      decisions.set(key, decision);
    },
    clear: () => decisions.clear(),
    entries: () => [...decisions],
  };
}
