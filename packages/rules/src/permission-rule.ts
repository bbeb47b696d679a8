/** Which list a rule is in. `deny` beats `ask` beats `allow`, whatever the order or the file. */
export type PermissionList = 'allow' | 'ask' | 'deny';

/** One rule as a user wrote it (`bash(npm run test:*)`, `read_file(.env*)`, `mcp__github__*`). */
export interface PermissionRule {
  readonly list: PermissionList;
  /** The entry exactly as written. */
  readonly text: string;
  /** Where it came from: a config file's path, or `--allow` and the like. */
  readonly source: string;
  /** Tool-name patterns it applies to, aliases expanded (`Read` → read_file, grep, glob). */
  readonly tools: readonly string[];
  /** The part in parentheses, if any. */
  readonly specifier?: string;
}

/** What a rule decided, and which rule. */
export interface PermissionDecision {
  readonly decision: PermissionList;
  /** The rule that decided; absent when the line could not be read and no rule matched. */
  readonly rule?: PermissionRule;
  /** A sentence for people and models: what matched, or why the line could not be judged. */
  readonly reason: string;
}

/** What a rule is matched against. */
export interface PermissionQuery {
  /** The tool's wire name. */
  readonly tool: string;
  /** For bash: the command line. */
  readonly command?: string;
  /** Workspace-relative real paths the call reads or writes (absolute when outside). */
  readonly paths?: readonly string[];
  /**
   * Reads a path a command line writes (relative to the command's cwd) as the host's write tools
   * would: its real path in the form of `paths`, and whether the host refuses it whatever the rules.
   */
  readonly resolveCommandPath?: (path: string) => Promise<CommandWriteTarget>;
}

/** A path a command line writes, as the host reads it. */
export interface CommandWriteTarget {
  /** The real path in the form rules match (workspace-relative, absolute when outside). */
  readonly path: string;
  /** Why the host refuses to write it whatever the rules say (a secret); absent when it does not. */
  readonly refusal?: string;
  /**
   * Why a write tool could not write it (outside the workspace, a protected path): no allow rule
   * allows the line, it asks (an Edit or Write deny rule still denies). Absent when one could.
   */
  readonly unwritable?: string;
  /** Why the host refuses a command line reading it (`< file`) whatever the rules (a secret); absent when it does not. */
  readonly readRefusal?: string;
}
