/** A word of a command whose value is known before the shell runs, or `null` when it is not (`$X`, `$(…)`, `r?`). */
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
  /** Paths read by input redirections (`<`, `<>`, `$(<file)`); `null` when not static. */
  readonly readTargets: readonly StaticWord[];
  /** Why the line cannot be judged at all (a syntax error); absent when it can. */
  readonly unreadable?: string;
  /**
   * Why no rule may allow the line: the first construct the analyzer does not judge completely (a
   * bare `PATH=…`, `(( … ))`, `${!x}`, `source`); absent when every node of the parse is judged.
   */
  readonly unjudged?: string;
  /**
   * Why the line runs code the analyzer cannot read (a script piped into a shell, `eval "$X"`,
   * arithmetic on a variable's value, a literal program piped into `python3`): a deny rule cannot
   * see into it. Absent when it runs none. Only a literal program for an interpreter other than a
   * shell is opaque without being `unjudged` (it is judged as `python3 -c '…'` is).
   */
  readonly opaque?: string;
}
