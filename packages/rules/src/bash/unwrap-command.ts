import type { StaticWord } from './command-line-analysis.js';
import { commandName } from './command-name.js';
import { runnerReadings } from './runner-subcommands.js';
import { WRAPPER_GRAMMARS, type WrapperGrammar } from './wrapper-grammars.js';

/** One reading of a simple command: the words that run, and the wrappers peeled off to reach them. */
export interface CommandReading {
  readonly words: readonly StaticWord[];
  readonly wrappers: readonly string[];
}

/** Every reading of a command, and the command lines its wrappers hand to a shell (`null`: not static). */
export interface UnwrappedCommand {
  readonly readings: readonly CommandReading[];
  readonly scripts: readonly StaticWord[];
}

/** Wrappers that change nothing about what the wrapped command may do: peeled off for `allow` too. */
export const TRANSPARENT_WRAPPERS: ReadonlySet<string> = new Set([
  'command',
  'builtin',
  'nice',
  'nohup',
  'time',
  'timeout',
  'stdbuf',
  'ionice',
  'setsid',
]);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** What a wrapper's words say: where the wrapped command starts, and what else runs. */
interface WrapperParse {
  /** Option values given, by the option as written (`-I` → `{}`); optional values only when attached. */
  readonly values: ReadonlyMap<string, StaticWord>;
  /** Index of the wrapped command's first word; `none` when it runs none, `unknown` when it cannot be known. */
  readonly start: number | 'none' | 'unknown';
  /** The options given, as written before any value (`-n`, `--max-args`). */
  readonly options: readonly string[];
  readonly scripts: readonly StaticWord[];
  /** Words an option splits into the command's first words (`env -S 'rm x'`). */
  readonly split?: StaticWord;
}

/** Reads one option word; returns how many words it used, or `unknown` for an option the grammar lacks. */
function readOption(
  grammar: WrapperGrammar,
  words: readonly StaticWord[],
  index: number,
  options: string[],
  values: Map<string, StaticWord>,
): number | 'unknown' {
  const word = words[index]!;
  if (word.startsWith('--')) {
    const equals = word.indexOf('=');
    const name = equals === -1 ? word.slice(2) : word.slice(2, equals);
    options.push(`--${name}`);
    if (grammar.longWithValue?.includes(name)) {
      if (equals !== -1) {
        values.set(`--${name}`, word.slice(equals + 1));
        return 1;
      }
      if (index + 1 >= words.length) return 'unknown';
      values.set(`--${name}`, words[index + 1] ?? null);
      return 2;
    }
    if (grammar.longOptionalValue?.includes(name)) {
      if (equals !== -1) values.set(`--${name}`, word.slice(equals + 1));
      return 1;
    }
    if (grammar.longFlags?.includes(name) && equals === -1) return 1;
    return 'unknown';
  }
  if (grammar.numericOption && /^-[+-]?\d+$/.test(word)) return 1;
  // A cluster of short options: `-0rn1`, `-oL`, `-sKILL`.
  for (let position = 1; position < word.length; position += 1) {
    const letter = word[position]!;
    options.push(`-${letter}`);
    if (grammar.withValue?.includes(letter)) {
      if (position + 1 < word.length) {
        values.set(`-${letter}`, word.slice(position + 1));
        return 1;
      }
      if (index + 1 >= words.length) return 'unknown';
      values.set(`-${letter}`, words[index + 1] ?? null);
      return 2;
    }
    if (grammar.optionalValue?.includes(letter)) {
      if (position + 1 < word.length) values.set(`-${letter}`, word.slice(position + 1));
      return 1;
    }
    if (!grammar.flags?.includes(letter)) return 'unknown';
  }
  return 1;
}

function parseWrapper(grammar: WrapperGrammar, words: readonly StaticWord[]): WrapperParse {
  const options: string[] = [];
  const values = new Map<string, StaticWord>();
  const scripts: StaticWord[] = [];
  const scriptOf = () => {
    for (const option of grammar.scriptOptions ?? [])
      if (values.has(option)) scripts.push(values.get(option)!);
  };
  let index = 1;
  let operands = 0;
  while (index < words.length) {
    const word = words[index];
    if (word === null || word === undefined) {
      // An unknown word among the options: what runs cannot be known.
      return { start: 'unknown', options, values, scripts };
    }
    if (word === '--') {
      index += 1;
      break;
    }
    if (grammar.assignments && ASSIGNMENT.test(word)) {
      index += 1;
      continue;
    }
    if (word === '-' && grammar.dashIsOption) {
      index += 1;
      continue;
    }
    if (word.startsWith('-') && word !== '-') {
      const used = readOption(grammar, words, index, options, values);
      if (used === 'unknown') return { start: 'unknown', options, values, scripts };
      index += used;
      continue;
    }
    if (grammar.permutes) {
      index += 1;
      continue;
    }
    if (operands < (grammar.operands ?? 0)) {
      operands += 1;
      index += 1;
      // `flock FILE -c COMMAND`: the script option follows the operand.
      const next = words[index];
      if (next !== null && next !== undefined && grammar.scriptOptions?.includes(next)) {
        values.set(next, words[index + 1] ?? null);
        index += 2;
      }
      continue;
    }
    break;
  }
  scriptOf();
  const split = [...(grammar.splitOptions ?? [])].find((option) => values.has(option));
  const parsed = { options, values, scripts, ...(split ? { split: values.get(split)! } : {}) };
  if (grammar.runsNoCommand || scripts.length > 0) return { ...parsed, start: 'none' };
  if (options.some((option) => grammar.runsNothingWith?.includes(option)))
    return { ...parsed, start: 'none' };
  if (operands < (grammar.operands ?? 0)) return { ...parsed, start: 'none' };
  return { ...parsed, start: index < words.length ? index : 'none' };
}

/** `env -S 'a b'`: the value split as env splits it, or `null` when quoting or variables make it unknown. */
function splitString(value: StaticWord): StaticWord[] | null {
  if (value === null || /["'\\$]/.test(value)) return null;
  return value.split(/[ \t\n]+/).filter((word) => word !== '');
}

/** A word that holds a placeholder a found path or input line replaces (`{}`): known only when it runs. */
const substituted = (placeholder: string) => (word: StaticWord) =>
  word?.includes(placeholder) ? null : word;

/** The commands `find … -exec cmd … ;` runs. */
function findExecCommands(words: readonly StaticWord[]): StaticWord[][] {
  const commands: StaticWord[][] = [];
  for (let index = 1; index < words.length; index += 1) {
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(words[index] ?? '')) continue;
    const end = words.findIndex((word, position) => position > index && (word === ';' || word === '+'));
    commands.push(words.slice(index + 1, end === -1 ? words.length : end).map(substituted('{}')));
    index = end === -1 ? words.length : end;
  }
  return commands;
}

/** `coproc NAME { cmd; }` and `coproc cmd`: bash's keyword, which the grammar reads as a command. */
function coprocCommand(words: StaticWord[]): StaticWord[] {
  const opener = (word: StaticWord) => word === '{' || word === '(';
  if (words.length > 1 && opener(words[1]!)) return words.slice(2);
  if (opener(words[0]!)) return words.slice(1);
  return words;
}

const joinStatic = (words: readonly StaticWord[]): StaticWord =>
  words.includes(null) ? null : words.join(' ');

/**
 * Every reading of a command, outermost first: `sudo timeout 5 rm x` reads as itself, as
 * `timeout 5 rm x` under sudo, and as `rm x` under sudo and timeout. Each wrapper's options are
 * read by its own grammar ({@link WRAPPER_GRAMMARS}); an option a grammar does not know makes the
 * wrapped command unknown. `find -exec` adds the commands it runs, `xargs` the command it feeds
 * (with unknown arguments appended); `watch`, `sudo -s`, `flock -c`, `su -c` hand a string to a
 * shell, returned in `scripts`.
 */
export function unwrapCommand(words: readonly StaticWord[]): UnwrappedCommand {
  const readings: CommandReading[] = [];
  const scripts: StaticWord[] = [];
  const pending: CommandReading[] = [{ words, wrappers: [] }];
  while (pending.length > 0) {
    const reading = pending.shift()!;
    readings.push(reading);
    const name = commandName(reading.words[0] ?? null);
    if (name === null) continue;
    const wrappers = [...reading.wrappers, name];
    if (name === 'find') {
      for (const inner of findExecCommands(reading.words))
        if (inner.length > 0) pending.push({ words: inner, wrappers });
      continue;
    }
    const runner = runnerReadings(name, reading.words);
    if (runner) {
      scripts.push(...runner.scripts);
      for (const inner of runner.commands) pending.push({ words: inner, wrappers });
      continue;
    }
    const grammar = WRAPPER_GRAMMARS[name];
    if (!grammar) continue;
    const parsed = parseWrapper(grammar, reading.words);
    scripts.push(...parsed.scripts);
    if (parsed.start === 'unknown') {
      pending.push({ words: [null], wrappers });
      continue;
    }
    let inner: StaticWord[] =
      parsed.start === 'none'
        ? grammar.defaultCommand && parsed.scripts.length === 0
          ? [grammar.defaultCommand]
          : []
        : reading.words.slice(parsed.start);
    if (parsed.split !== undefined) {
      const split = splitString(parsed.split);
      inner = split === null ? [null] : [...split, ...inner];
    }
    if (inner.length === 0) continue;
    // `xargs -I R`, `-i[R]`, `--replace[=R]`: words holding R are input lines.
    const replace = parsed.values.get('-I') ?? parsed.values.get('-i') ?? parsed.values.get('--replace');
    if (
      name === 'xargs' &&
      (replace !== undefined || parsed.options.some((option) => ['-i', '--replace'].includes(option)))
    )
      inner = inner.map(substituted(replace ?? '{}'));
    if (name === 'coproc') inner = coprocCommand(inner);
    // `time { cmd; }`: the grammar reads the keyword's group as words of a command named time.
    if (name === 'time' && (inner[0] === '{' || inner[0] === '(')) inner = inner.slice(1);
    const joined =
      grammar.joinsIntoShell &&
      !parsed.options.some((option) => grammar.joinsIntoShell!.unless.includes(option));
    const shell = grammar.shellWhen && parsed.options.some((option) => grammar.shellWhen!.includes(option));
    if (joined || shell) {
      scripts.push(joinStatic(inner));
      continue;
    }
    pending.push({ words: grammar.appendsArguments ? [...inner, null] : inner, wrappers });
  }
  return { readings, scripts };
}
