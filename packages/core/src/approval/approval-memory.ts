/** A remembered `allow_always` or `reject_always`. */
export type RememberedDecision = 'allow' | 'reject';

/** Session memory of `*_always` answers, keyed by {@link ApprovalRequest.rememberKey}. */
export interface ApprovalMemory {
  /** The remembered decision for a key, if any. */
  get(key: string): RememberedDecision | undefined;
  /** Remembers a decision for the rest of the session. */
  set(key: string, decision: RememberedDecision): void;
  /** Forgets everything (a new session, a mode change). */
  clear(): void;
}

/** An in-memory {@link ApprovalMemory}; one per session. */
export function createApprovalMemory(): ApprovalMemory {
  const decisions = new Map<string, RememberedDecision>();
  return {
    get: (key) => decisions.get(key),
    set: (key, decision) => {
      decisions.set(key, decision);
    },
    clear: () => decisions.clear(),
  };
}
