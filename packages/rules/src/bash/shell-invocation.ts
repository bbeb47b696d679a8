import type { StaticWord } from './command-line-analysis.js';
import { commandName } from './command-name.js';

/** Shells: `-c STRING` runs STRING, a first operand is a script file, none reads commands from standard input. */
export const SHELLS: ReadonlySet<string> = new Set([
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'mksh',
  'ash',
  'yash',
  'posh',
  'fish',
]);

/** Interpreters that read a program from standard input when given no program. */
const INTERPRETERS =
  /^(python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|perl[0-9.]*|ruby|php[0-9.]*|lua[0-9.]*|luajit|tclsh|wish|Rscript|R|osascript|awk|gawk|mawk|nawk|jshell|irb|psql|mysql|sqlite3)$/;

/** Options of an interpreter that give it the program inline or by module: it does not read stdin for one. */
const PROGRAM_OPTIONS = /^(-c|-e|-E|-m|-p|-r|-f|--eval|--print|--command|--file|-[a-zA-Z]*[cem])$/;

/** What a shell or interpreter runs (`module`: an installed module by name, `python -m pytest`). */
export type Invocation =
  | { readonly kind: 'string'; readonly script: StaticWord }
  | { readonly kind: 'file' }
  | { readonly kind: 'module' }
  | { readonly kind: 'stdin' }
  | { readonly kind: 'unknown' };

/** Files that are the process's own standard input: a script read from one is read from stdin. */
const STANDARD_INPUT_FILES = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** Bash's options that take the next word as their value. */
const SHELL_VALUE_OPTIONS = new Set(['--rcfile', '--init-file', '-o', '+o', '-O', '+O']);

/**
 * How a shell invocation runs commands, read by bash's own argument grammar: single-letter options
 * cluster (`-ec`, `-xc`), `-o NAME` / `-O NAME` / `--rcfile FILE` take a value, `--` ends the
 * options, and with `c` among them the first operand is the command string.
 */
function shellInvocation(words: readonly StaticWord[]): Invocation {
  let command = false;
  let stdin = false;
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index];
    if (word === null || word === undefined) return { kind: 'unknown' };
    if (word === '--' || word === '-') {
      const operand = words[index + 1];
      if (command) return { kind: 'string', script: operand ?? null };
      return operand === undefined ? { kind: 'stdin' } : { kind: 'file' };
    }
    if (SHELL_VALUE_OPTIONS.has(word) || /^[-+][a-zA-Z]*[oO]$/.test(word)) {
      if (/c/.test(word)) command = true;
      index += 1;
      continue;
    }
    if (word.startsWith('--')) continue;
    if (/^[-+][a-zA-Z]+$/.test(word)) {
      if (word.startsWith('-') && word.includes('c')) command = true;
      if (word.startsWith('-') && word.includes('s')) stdin = true;
      continue;
    }
    if (command) return { kind: 'string', script: word };
    if (stdin || STANDARD_INPUT_FILES.has(word)) return { kind: 'stdin' };
    return { kind: 'file' };
  }
  return command ? { kind: 'unknown' } : { kind: 'stdin' };
}

/** How an interpreter runs a program: inline or from a file (`file`), or read from standard input. */
function interpreterInvocation(words: readonly StaticWord[]): Invocation {
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index];
    if (word === null || word === undefined) return { kind: 'unknown' };
    if (word === '-' || STANDARD_INPUT_FILES.has(word)) return { kind: 'stdin' };
    // `python -m pytest` runs an installed module, as `pytest` would.
    if (word === '-m') return { kind: 'module' };
    if (PROGRAM_OPTIONS.test(word)) return { kind: 'file' };
    if (!word.startsWith('-')) return { kind: 'file' };
  }
  return { kind: 'stdin' };
}

/**
 * What a reading of a command runs as code beyond its own words, or `undefined` when it is neither
 * a shell nor an interpreter. A `file` is a script the analyzer never reads (like a Makefile).
 */
export function invocationOf(words: readonly StaticWord[]): Invocation | undefined {
  const name = commandName(words[0] ?? null);
  if (name === null) return undefined;
  if (SHELLS.has(name)) return shellInvocation(words);
  if (INTERPRETERS.test(name)) return interpreterInvocation(words);
  return undefined;
}

/** Whether a command is a shell (its standard input is judged as commands) rather than another interpreter. */
export function isShell(words: readonly StaticWord[]): boolean {
  const name = commandName(words[0] ?? null);
  return name !== null && SHELLS.has(name);
}
