import type { StaticWord } from './command-line-analysis.js';
import { commandName } from './command-name.js';

/** Why one command runs text the analyzer cannot read, or `undefined` when it uses no such capability. */
type TextRunner = (words: readonly StaticWord[]) => string | undefined;

/** Whether an option is given, as `-x`, `-xVALUE`, `--long`, `--long=VALUE` (a `-x` in a cluster of `flags` too). */
function given(
  words: readonly StaticWord[],
  short: string,
  long: readonly string[],
  clusterFlags = '',
): boolean {
  return words.slice(1).some((word) => {
    if (word === null) return false;
    if (long.some((name) => word === `--${name}` || word.startsWith(`--${name}=`))) return true;
    if (short === '' || !word.startsWith('-') || word.startsWith('--')) return false;
    const letters = word.slice(1);
    for (const letter of letters) {
      if (short.includes(letter)) return true;
      if (!clusterFlags.includes(letter)) return false;
    }
    return false;
  });
}

/** The words that follow `option` (`-o X`, `-oX`, `--name=X`, `--name X`). */
function valuesOf(
  words: readonly StaticWord[],
  shorts: readonly string[],
  longs: readonly string[],
): StaticWord[] {
  const values: StaticWord[] = [];
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index] ?? null;
    if (word === null) continue;
    for (const option of [...shorts, ...longs.map((name) => `--${name}`)]) {
      if (word === option) values.push(words[index + 1] ?? null);
      else if (word.startsWith(option) && (option.startsWith('--') ? word[option.length] === '=' : true))
        values.push(word.slice(option.length + (option.startsWith('--') ? 1 : 0)));
    }
  }
  return values;
}

/** ssh_config(5) keywords whose value is a command line run on this machine, and a config file that may hold them. */
const SSH_COMMAND_KEYS =
  /^\s*(proxycommand|localcommand|permitlocalcommand|knownhostscommand|remotecommand|match)\b/i;
const sshOptions: TextRunner = (words) => {
  if (valuesOf(words, ['-o'], []).some((value) => value === null || SSH_COMMAND_KEYS.test(value)))
    return '`-o` with a command ssh runs (ProxyCommand, LocalCommand, …)';
  if (valuesOf(words, ['-F'], []).length > 0) return 'an ssh config file, which may name a command to run';
  if (commandName(words[0] ?? null) !== 'ssh' && valuesOf(words, ['-S'], []).length > 0)
    return '`-S`, a program run as the ssh transport';
  return undefined;
};

/** The awk program: `-f FILE`, `-e`/`--source TEXT` (gawk), or the first operand after `-F`/`-v` values. */
const awkProgram: TextRunner = (words) => {
  const texts: StaticWord[] = [];
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index] ?? null;
    if (word === null) return 'an awk option known only when it runs';
    if (word === '--') {
      texts.push(words[index + 1] ?? null);
      break;
    }
    if (/^(-f|--file|-i|--include|-l|--load)$/.test(word) || /^(-f|--file=)./.test(word))
      return 'an awk program read from a file';
    if (word === '-e' || word === '--source') {
      texts.push(words[index + 1] ?? null);
      index += 1;
      continue;
    }
    if (word.startsWith('--source=')) texts.push(word.slice('--source='.length));
    else if (/^-[Fv]$/.test(word)) index += 1;
    else if (!word.startsWith('-') || word === '-') {
      if (texts.length === 0) texts.push(word);
      break;
    }
  }
  // system(…) runs a shell command line; `print | "cmd"`, `"cmd" | getline` pipe through one.
  if (texts.some((text) => text === null || /system|\|/.test(text)))
    return 'an awk program that runs commands (system(), `|` pipes)';
  return undefined;
};

/** GNU sed's `e` command and the `e` flag of `s///` run a command line; `--sandbox` refuses them. */
function sedScriptRuns(script: string): boolean {
  const flags = /s([^\\\n])(?:\\.|(?!\1)[^\\])*\1(?:\\.|(?!\1)[^\\])*\1([a-zA-Z0-9]*)/g;
  for (const match of script.matchAll(flags)) if (match[2]!.includes('e')) return true;
  const rest = script.replace(flags, ';').replace(/\/(?:\\.|[^/\\])*\//g, ';');
  return /(^|[;\n{}!,$\d\s])e(\s|;|}|$)/.test(rest);
}
const sedScript: TextRunner = (words) => {
  if (words.includes('--sandbox')) return undefined;
  if (given(words, 'f', ['file'], 'nrsuzE'))
    return 'a sed script read from a file (its `e` command runs commands)';
  const scripts = valuesOf(words, ['-e'], ['expression']);
  if (scripts.length === 0) {
    const operand = words.slice(1).find((word) => word === null || !word.startsWith('-'));
    if (operand !== undefined) scripts.push(operand);
  }
  if (scripts.some((script) => script === null || sedScriptRuns(script)))
    return 'a sed script with `e`, which runs a command line';
  return undefined;
};

const vimCommands: TextRunner = (words) =>
  words
    .slice(1)
    .some(
      (word) =>
        word === null ||
        /^(-c|--cmd|-S|-s|-u|-x)$/.test(word) ||
        (word.startsWith('+') && !/^\+\d*$/.test(word)),
    )
    ? 'editor commands (`-c`, `+cmd`, `--cmd`, `-S`), which may run shell commands'
    : undefined;

const always =
  (why: string): TextRunner =>
  () =>
    why;

/**
 * Programs that run text given to them — by option, argument or standard input — as commands,
 * written from their manuals (GNU awk, GNU sed, GNU tar, OpenSSH, Info-ZIP zip, GDB, Vim, Expect,
 * rsync, at(1)). A line using such a capability runs code the analyzer cannot read: opaque.
 */
export const TEXT_RUNNING_PROGRAMS: Readonly<Record<string, TextRunner>> = {
  awk: awkProgram,
  gawk: awkProgram,
  mawk: awkProgram,
  nawk: awkProgram,
  sed: sedScript,
  gsed: sedScript,
  // GNU tar: `--checkpoint-action=exec=`, `--to-command`, `-I`/`--use-compress-program`, `-F`/`--info-script`, `--rsh-command`.
  tar: (words) => {
    const first = words[1];
    const oldStyle = first !== null && first !== undefined && !first.startsWith('-') && /[IF]/.test(first);
    return oldStyle ||
      given(
        words,
        'IF',
        [
          'checkpoint-action',
          'to-command',
          'use-compress-program',
          'info-script',
          'new-volume-script',
          'rsh-command',
        ],
        'AcdrtuxfvzjJZaBgGhiklmMnOpPSsUwWb',
      )
      ? 'a tar option that runs a command'
      : undefined;
  },
  ssh: sshOptions,
  scp: sshOptions,
  sftp: sshOptions,
  // zip -TT / --unzip-command: the command that tests the archive.
  zip: (words) =>
    given(words, '', ['unzip-command']) || words.includes('-TT') ? 'zip `-TT`, a command it runs' : undefined,
  // GDB's commands include `shell` and `python`.
  gdb: (words) =>
    words
      .slice(1)
      .some(
        (word) =>
          word === null ||
          /^--?(ex|iex|x|ix|eval-command|command|init-command|init-eval-command)(=|$)/.test(word),
      )
      ? 'gdb commands (`-ex`, `-x`), which may run shell commands'
      : undefined,
  vi: vimCommands,
  vim: vimCommands,
  nvim: vimCommands,
  ex: vimCommands,
  view: vimCommands,
  vimdiff: vimCommands,
  gvim: vimCommands,
  expect: (words) =>
    words.length === 2 && words[1] === '-v' ? undefined : 'expect runs Tcl, which runs commands',
  // rsync -e/--rsh COMMAND, --rsync-path PROGRAM.
  rsync: (words) =>
    given(words, 'e', ['rsh', 'rsync-path'], 'avzrlptgoDHAXxSnPuqcCbhimkKLRWdOJ')
      ? 'rsync `-e`/`--rsh`, a command it runs'
      : undefined,
  // at(1)/batch(1) read the commands they schedule from standard input or `-f FILE`.
  at: (words) =>
    given(words, 'lrdcV', []) ? undefined : 'at reads the commands it runs from standard input or a file',
  batch: always('batch reads the commands it runs from standard input or a file'),
  // util-linux runuser(1): `runuser -u USER [--] COMMAND…` runs COMMAND (its grammar reads only `-c`).
  runuser: (words) =>
    given(words, 'u', ['user'], 'flmpP') ? 'runuser `-u`, which runs the command after it' : undefined,
  // Sandboxes and runners whose option grammars the analyzer does not read: the command they run is unknown.
  'systemd-run': always('systemd-run runs a command its options place'),
  firejail: always('firejail runs a command its options place'),
  bwrap: always('bwrap runs a command its options place'),
  valgrind: always('valgrind runs a command its options place'),
  proot: always('proot runs a command its options place'),
};

/** Why a command's words use a capability to run text the analyzer cannot read, or `undefined`. */
export function textRunningCapability(words: readonly StaticWord[]): string | undefined {
  const name = commandName(words[0] ?? null);
  if (name === null || !Object.hasOwn(TEXT_RUNNING_PROGRAMS, name)) return undefined;
  return TEXT_RUNNING_PROGRAMS[name]!(words);
}
