/** Where a command file was found, strongest first (see `COMMAND_SOURCES`). */
export type CommandScope = 'project' | 'user';

/**
 * A prompt template offered as a slash command (`/review 42`), read from a Markdown file in
 * Claude Code's shape: optional front matter, then the body with `$ARGUMENTS`, `$1`, `$2` ….
 */
export interface PromptCommand {
  /** Typed after the `/`: the file's name without `.md`, in lower case (`review`). */
  readonly name: string;
  /** The file it was read from, absolute. */
  readonly file: string;
  readonly scope: CommandScope;
  /** The subdirectories between the commands directory and the file (`['frontend']`). */
  readonly namespace: readonly string[];
  /** Where it comes from, as Claude Code labels it: `project`, `project:frontend`, `user`. */
  readonly label: string;
  /** The front matter's `description`, else the body's first line. */
  readonly description: string;
  /** The front matter's `argument-hint` (`[pr-number] [priority]`), if any. */
  readonly argumentHint?: string;
  /** The template the prompt is expanded from. */
  readonly body: string;
  /** What of the file toolgate does not honour, for the person (`allowed-tools is ignored: …`). */
  readonly notes: readonly string[];
}

/** A command file that is not offered, and why. */
export interface CommandProblem {
  /** The file or directory, absolute. */
  readonly file: string;
  readonly reason: string;
}

/** A command a stronger one with its name hides: another file, or a host's built-in command. */
export interface ShadowedCommand {
  readonly command: PromptCommand;
  /** The file of the command that wins, or `built-in /<name>`. */
  readonly by: string;
}

/** The commands a session offers from files, strongest source first for each name. */
export interface CommandCatalog {
  /** One per name, sorted by name. */
  readonly commands: readonly PromptCommand[];
  /** Files whose name a stronger source took. */
  readonly shadowed: readonly ShadowedCommand[];
  /** Files that are not offered: a symlink, too large, a bad name, bad front matter. */
  readonly problems: readonly CommandProblem[];
}
