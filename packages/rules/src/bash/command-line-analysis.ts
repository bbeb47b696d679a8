/** A word of a command whose value is known before the shell runs, or `null` when it is not (`$X`, `$(…)`). */
export type StaticWord = string | null;

/** One simple command the shell would run: its words, and the names it assigns for itself (`FOO=1 cmd`). */
export interface SimpleCommand {
  readonly words: readonly StaticWord[];
  readonly assignments: readonly string[];
}

/** Everything a rule needs to know about a command line. */
export interface CommandLineAnalysis {
  /** Every simple command, including those inside `$(…)`, backticks, subshells, `bash -c '…'`. */
  readonly commands: readonly SimpleCommand[];
  /** Paths written by redirections (`>`, `>>`, `&>`, `>|`) and `tee`; `null` when not static. */
  readonly writeTargets: readonly StaticWord[];
  /** Why the line cannot be judged (a syntax error, a dynamic `eval`); absent when it can. */
  readonly unreadable?: string;
}
