import type { ToolKind } from '../tool/tool-definition.js';

/** What "always" remembers for a call: a key scoped to the tool, and a label a person can read. */
export interface ApprovalRemember {
  /** Scope of an `*_always` answer within the tool (bash: the exact command; edits: the files). */
  readonly key: string;
  /** Names the scope for a person: ``always for `npm test` ``, `always for edits with write_file to a.ts`. */
  readonly label: string;
}

/**
 * One file a call would change, whole, for hosts that show a file diff (an editor's diff view).
 * The texts are the files' own, unescaped: a host that prints them to a terminal escapes them.
 */
export interface FileChangePreview {
  /** Real absolute path. */
  readonly path: string;
  /** The text before the call; null when the file does not exist yet. */
  readonly oldText: string | null;
  /** The text after the call; null when the call deletes the file. */
  readonly newText: string | null;
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
  /** The kind of this call when narrower than the tool's (a patch that only deletes files: `delete`). */
  readonly kind?: ToolKind;
  /**
   * Every file the call would change, whole (`previewFileChanges` builds them), for hosts that show
   * file diffs; left out when one of them cannot be shown as text.
   */
  readonly files?: readonly FileChangePreview[];
  /** What an `*_always` answer covers. @default the whole tool */
  readonly remember?: ApprovalRemember;
}
