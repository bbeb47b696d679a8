/** What "always" remembers for a call: a key scoped to the tool, and a label a person can read. */
export interface ApprovalRemember {
  /** Scope of an `*_always` answer within the tool (bash: the exact command; edits: the files). */
  readonly key: string;
  /** Names the scope for a person: ``always for `npm test` ``, `always for edits with write_file to a.ts`. */
  readonly label: string;
}

/**
 * How a call is shown to the person asked about it. A tool declares it in its spec
 * (`approval.summarize`, from the parsed input) and its `prepare` may refine it (the `preview`,
 * with the resolved paths and the planned diff); every field given overrides core's default.
 */
export interface ApprovalSummary {
  /** The question's title. @default `Approval required for <tool>` */
  readonly title?: string;
  /** Summary lines under the title (bash: `exec in <cwd>`, then the command; a patch: every `Add/Update/Delete/Move`). */
  readonly lines?: readonly string[];
  /** What the rejection names (`The user declined: <detail>`). @default the first summary line */
  readonly detail?: string;
  /** Unified diff of what the call would change (new files against `/dev/null`). */
  readonly diff?: string;
  /** Display paths the call touches, for hosts that show locations. */
  readonly locations?: readonly string[];
  /** What an `*_always` answer covers. @default the whole tool */
  readonly remember?: ApprovalRemember;
}
