/**
 * Names whose assignment changes what no command resolves, loads or runs: a line assigning only
 * these can still be allowed. Any other name (`PATH`, `IFS`, `HOME`, `GIT_DIR`, `LD_PRELOAD`,
 * `NODE_OPTIONS`, `GOFLAGS`, …) keeps the line from being allowed.
 */
const INERT_NAME =
  /^(CI|NODE_ENV|FORCE_COLOR|NO_COLOR|CLICOLOR|CLICOLOR_FORCE|TERM|COLUMNS|LINES|LANG|LANGUAGE|LC_[A-Z]+|TZ|DEBUG|VERBOSE|RUST_BACKTRACE|RUST_LOG|CARGO_TERM_COLOR|CARGO_INCREMENTAL|PYTHONUNBUFFERED|PYTHONDONTWRITEBYTECODE|PYTHONHASHSEED|PYTHONIOENCODING|CGO_ENABLED|GOOS|GOARCH|NODE_NO_WARNINGS|NPM_CONFIG_LOGLEVEL|HUSKY|SKIP_PREFLIGHT_CHECK)$/;

/** Whether assigning `name` leaves every command as it was. */
export function isInertAssignment(name: string): boolean {
  return INERT_NAME.test(name);
}

/**
 * Names whose value a program runs as a command line (`GIT_PAGER="rm x" git log`): the value is
 * judged as commands of the line.
 */
const COMMAND_VALUED = new Set([
  'PAGER',
  'GIT_PAGER',
  'MANPAGER',
  'EDITOR',
  'VISUAL',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_SSH_COMMAND',
  'GIT_SSH',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'GIT_EXTERNAL_DIFF',
  'PROMPT_COMMAND',
  'SUDO_ASKPASS',
]);

/** Whether a program runs the value of `name` as a command line (`GIT_CONFIG_VALUE_0='!rm x'` is git configuration, an alias or a pager). */
export function isCommandValued(name: string): boolean {
  return COMMAND_VALUED.has(name) || /^GIT_CONFIG_VALUE_\d+$/.test(name);
}

/** Names whose value is a file bash reads and runs (`BASH_ENV=./x bash -c …`): text the analyzer cannot read. */
const SOURCED = new Set(['BASH_ENV', 'ENV']);

/** Whether bash sources the file named by `name`'s value. */
export function isSourcedFile(name: string): boolean {
  return SOURCED.has(name);
}
