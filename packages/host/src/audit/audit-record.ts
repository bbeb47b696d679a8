import type { ApprovalAnswerKind, ApprovalMode } from '@toolgate/core';

/**
 * One line of the audit log: one decision about one call (docs/configuration.md, "Rules, secrets,
 * hooks and audit"). It holds no argument value, only their digest, so a secret a model put in a
 * call never reaches the log.
 */
export interface AuditRecord {
  /** When the call ended, ISO 8601. */
  readonly time: string;
  readonly session: string;
  /** The delegate's chain of definitions (`explore`), for a call of a child session. */
  readonly agent?: string;
  readonly callId: string;
  readonly tool: string;
  /** `sha256:<hex>` of the arguments as the model sent them (JSON text, or the object as JSON). */
  readonly arguments: string;
  /** The approval mode the call met; absent when it ended before approval. */
  readonly mode?: ApprovalMode;
  /**
   * What decided: `rule`, `memory`, `mode` (the mode table), `hook`, `policy` (a tool this session
   * may not use); absent when the call failed before any decision (bad arguments, a path refused).
   */
  readonly decidedBy?: 'rule' | 'memory' | 'mode' | 'hook' | 'policy';
  /** The rule and its file, when a rule decided. */
  readonly rule?: { readonly text: string; readonly source: string };
  /** The hook's command, when a hook decided. */
  readonly hook?: string;
  /** Who answered the question (the host's approver, e.g. `terminal`), when one was asked. */
  readonly answeredBy?: string;
  /** The answer: `allow_once`, `allow_always`, `reject_once`, `reject_always` or `cancelled`. */
  readonly answer?: ApprovalAnswerKind;
  /** Whether the answer carried feedback for the model (its text is not logged). */
  readonly feedback?: true;
  /** How long the question took, in milliseconds. */
  readonly questionMs?: number;
  /** The result's status. */
  readonly status: 'success' | 'failure' | 'rejected';
  /** Who refused, for `rejected`: `approval`, `policy`, `rule` or `hook`. */
  readonly rejectedBy?: string;
  /** The failure's code, for `failure`. */
  readonly errorCode?: string;
}

/** One line of the audit log for a connection the network allowlist refused (no call id: a command made it). */
export interface NetworkRefusalRecord {
  readonly time: string;
  readonly session: string;
  readonly network: 'refused';
  /** `CONNECT`, or the plain HTTP method. */
  readonly method: string;
  readonly host: string;
  readonly port: number;
  readonly reason: string;
}
