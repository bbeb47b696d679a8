/** What a hunk line does: kept (context), added, or removed. */
export type HunkLineKind = 'context' | 'add' | 'remove';

/**
 * The lines of one update hunk in patch order, read where they lie in the patch text: a parsed
 * patch makes none of them a string or an object (see `PatchLines`) until they are applied.
 */
export interface HunkLines {
  readonly count: number;
  kind(index: number): HunkLineKind;
  /** Line `index`'s text without its one-character marker, made a string on each call. */
  text(index: number): string;
}

/** One `@@` hunk of an `*** Update File:` section. */
export interface PatchHunk {
  /** `@@ <context>` headers, outermost first: each must match a whole line, in order, before the hunk. */
  readonly contexts: readonly string[];
  readonly lines: HunkLines;
  /** `*** End of File` followed the hunk: it must match at the very end of the file. */
  readonly endOfFile: boolean;
  /** 1-based line of the patch where the hunk starts. */
  readonly line: number;
}

/** A parsed file operation, in patch order. */
export type PatchOperation =
  | {
      readonly type: 'add';
      readonly path: string;
      /** The new file's lines, without `+`; made from the patch text on each read, as a hunk's. */
      readonly lines: readonly string[];
      readonly line: number;
    }
  | { readonly type: 'delete'; readonly path: string; readonly line: number }
  | {
      readonly type: 'update';
      readonly path: string;
      /** `*** Move to:` destination. */
      readonly moveTo?: string;
      readonly hunks: readonly PatchHunk[];
      readonly line: number;
    };

/** The result of {@link parsePatch}. */
export type ParsePatchResult =
  | { readonly ok: true; readonly operations: readonly PatchOperation[] }
  | {
      readonly ok: false;
      /** 1-based line of the patch text where parsing failed. */
      readonly line: number;
      /** What was wrong and what was expected there. */
      readonly message: string;
    };
