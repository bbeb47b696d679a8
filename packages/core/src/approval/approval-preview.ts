/** What a tool's preflight tells the approver about a call. Every field overrides core's default. */
export interface ApprovalPreview {
  /** Summary lines under `• Approval required for <tool>` (e.g. `Add src/a.ts`). */
  readonly lines?: readonly string[];
  /** The rejection detail (`[approval-rejected] <detail>`). @default the first summary line */
  readonly detail?: string;
  /** Unified diff of what the call would change. */
  readonly diff?: string;
  /** Display paths the call touches, for hosts that show locations. */
  readonly locations?: readonly string[];
}
