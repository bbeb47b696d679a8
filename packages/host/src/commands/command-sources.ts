/** The workspace's directories of command files, relative to its root, strongest first. */
export const WORKSPACE_COMMAND_DIRECTORIES = ['.toolgate/commands', '.claude/commands'] as const;

/** The largest command file read; a larger one is reported, never read. */
export const MAX_COMMAND_FILE_BYTES = 64 * 1024;

/** The most command files read from one directory; the rest are reported. */
export const MAX_COMMAND_FILES = 256;

/** How deep subdirectories (namespaces) are followed under a commands directory. */
export const MAX_COMMAND_DEPTH = 4;

/**
 * A file or directory name a command may come from: a letter or digit, then letters, digits, `.`,
 * `_` and `-`, at most 64 characters (no spaces, no `:`, nothing a terminal or a path would read
 * otherwise).
 */
export const COMMAND_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
