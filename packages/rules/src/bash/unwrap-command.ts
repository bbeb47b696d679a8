import type { StaticWord } from './command-line-analysis.js';

/** One reading of a simple command: the words that run, and the wrappers peeled off to reach them. */
export interface CommandReading {
  readonly words: readonly StaticWord[];
  readonly wrappers: readonly string[];
}

/** `/usr/bin/rm` is `rm`. */
export function commandName(word: StaticWord): StaticWord {
  if (word === null) return null;
  const slash = word.lastIndexOf('/');
  return slash === -1 ? word : word.slice(slash + 1);
}

/** Options of a wrapper that take a separate value. */
const OPTIONS_WITH_VALUE: Record<string, readonly string[]> = {
  env: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'],
  exec: ['-a'],
  nice: ['-n', '--adjustment'],
  timeout: ['-s', '--signal', '-k', '--kill-after'],
  xargs: [
    '-a',
    '--arg-file',
    '-d',
    '--delimiter',
    '-E',
    '-e',
    '-I',
    '-i',
    '-L',
    '-l',
    '-n',
    '--max-args',
    '-P',
    '--max-procs',
    '-s',
    '--max-chars',
  ],
  sudo: [
    '-u',
    '--user',
    '-g',
    '--group',
    '-C',
    '--close-from',
    '-D',
    '--chdir',
    '-h',
    '--host',
    '-p',
    '--prompt',
    '-r',
    '--role',
    '-t',
    '--type',
    '-U',
    '--other-user',
    '-T',
    '--command-timeout',
  ],
  doas: ['-u', '-C'],
  stdbuf: ['-i', '-o', '-e'],
  ionice: ['-c', '-n', '-p'],
  chrt: ['-p'],
  setsid: [],
  nohup: [],
  time: ['-f', '--format', '-o', '--output'],
  command: [],
  builtin: [],
};

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

/** Index of the wrapped command's first word; `none` when it wraps nothing, `unknown` when it cannot be known. */
function wrappedStart(wrapper: string, words: readonly StaticWord[]): number | 'none' | 'unknown' {
  const withValue = OPTIONS_WITH_VALUE[wrapper] ?? [];
  let index = 1;
  while (index < words.length) {
    const word = words[index];
    if (word === null || word === undefined) return 'unknown';
    if (word === '--') return index + 1;
    if (wrapper === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      index += 1;
      continue;
    }
    if (!word.startsWith('-') || word === '-') break;
    index += withValue.includes(word) ? 2 : 1;
  }
  if (wrapper === 'timeout') index += 1; // the duration
  if (wrapper === 'chrt') index += 1; // the priority
  return index < words.length ? index : 'none';
}

/** The commands `find … -exec cmd … ;` runs. */
function findExecCommands(words: readonly StaticWord[]): StaticWord[][] {
  const commands: StaticWord[][] = [];
  for (let index = 1; index < words.length; index += 1) {
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(words[index] ?? '')) continue;
    const end = words.findIndex((word, position) => position > index && (word === ';' || word === '+'));
    commands.push(words.slice(index + 1, end === -1 ? words.length : end));
    index = end === -1 ? words.length : end;
  }
  return commands;
}

/**
 * Every reading of a command, outermost first: `sudo timeout 5 rm x` reads as itself, as
 * `timeout 5 rm x` under sudo, and as `rm x` under sudo and timeout. `find -exec` adds the
 * commands it runs, `xargs` the command it feeds.
 */
export function unwrapCommand(words: readonly StaticWord[]): CommandReading[] {
  const readings: CommandReading[] = [];
  const pending: CommandReading[] = [{ words, wrappers: [] }];
  while (pending.length > 0) {
    const reading = pending.shift()!;
    readings.push(reading);
    const name = commandName(reading.words[0] ?? null);
    if (name === null) continue;
    if (name === 'find') {
      for (const inner of findExecCommands(reading.words))
        if (inner.length > 0) pending.push({ words: inner, wrappers: [...reading.wrappers, 'find'] });
      continue;
    }
    if (!(name in OPTIONS_WITH_VALUE)) continue;
    const start = wrappedStart(name, reading.words);
    if (start === 'none') continue;
    // `sudo $CMD`: the wrapped command cannot be known.
    if (start === 'unknown') {
      pending.push({ words: [null], wrappers: [...reading.wrappers, name] });
      continue;
    }
    pending.push({ words: reading.words.slice(start), wrappers: [...reading.wrappers, name] });
  }
  return readings;
}
