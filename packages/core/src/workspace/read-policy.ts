/** A path the read policy is asked about, in both forms the host's rules may match. */
export interface ReadPolicyQuery {
  /** The real absolute path (every symlink resolved). */
  readonly realPath: string;
  /** Root-relative with `/` (`.` for the root), or the absolute path when outside the workspace. */
  readonly displayPath: string;
  /**
   * True for a directory a walker is about to enter or a search root: a refusal then prunes
   * everything below it, so a rule that covers every file under a directory (`keys/**`) should
   * refuse the directory too.
   */
  readonly directory: boolean;
}

/** Why the read policy refuses a path: a sentence for the model, naming the rule and its file. */
export interface ReadPolicyRefusal {
  /** Written for the model: what refused the path and that retrying will not help. */
  readonly message: string;
  /** Machine-readable extras (the rule and its file). */
  readonly details?: unknown;
}

/**
 * The host's own refusals of reading (permission rules that deny reading a path), asked by the
 * workspace after its boundary, its unreachable paths and its secrets, for every file a tool
 * opens, lists, walks or quotes. Synchronous: walkers ask it for every entry.
 */
export type ReadPolicy = (query: ReadPolicyQuery) => ReadPolicyRefusal | undefined;
