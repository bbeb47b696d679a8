import type { StaticWord } from './command-line-analysis.js';

/**
 * Package and environment managers that run any command of the `PATH` after a subcommand
 * (`pnpm exec rm x`, `uv run rm x`, `bundle exec rm x`), by program: each subcommand's words, and
 * how many operands follow it before the options (`direnv exec DIR`).
 */
const RUNNERS: Readonly<
  Record<string, readonly { readonly words: readonly string[]; readonly operands?: number }[]>
> = {
  npm: [{ words: ['exec'] }, { words: ['x'] }],
  npx: [{ words: [] }],
  pnpm: [{ words: ['exec'] }, { words: ['dlx'] }, { words: ['x'] }],
  pnpx: [{ words: [] }],
  yarn: [{ words: ['exec'] }, { words: ['dlx'] }],
  bunx: [{ words: [] }],
  bun: [{ words: ['x'] }, { words: ['exec'] }],
  deno: [{ words: ['x'] }],
  bundle: [{ words: ['exec'] }],
  poetry: [{ words: ['run'] }],
  uv: [{ words: ['run'] }, { words: ['tool', 'run'] }],
  uvx: [{ words: [] }],
  pipx: [{ words: ['run'] }],
  pipenv: [{ words: ['run'] }],
  pdm: [{ words: ['run'] }],
  hatch: [{ words: ['run'] }],
  rye: [{ words: ['run'] }],
  conda: [{ words: ['run'] }],
  mamba: [{ words: ['run'] }],
  micromamba: [{ words: ['run'] }],
  mise: [{ words: ['exec'] }, { words: ['x'] }],
  asdf: [{ words: ['exec'] }],
  rbenv: [{ words: ['exec'] }],
  pyenv: [{ words: ['exec'] }],
  nodenv: [{ words: ['exec'] }],
  opam: [{ words: ['exec'] }],
  stack: [{ words: ['exec'] }],
  devbox: [{ words: ['run'] }],
  direnv: [{ words: ['exec'], operands: 1 }],
  nix: [{ words: ['develop'] }, { words: ['shell'] }],
};

/** Options of a runner whose value is a command line a shell runs (`npm exec -c 'rm x'`, `nix-shell --run`). */
const SCRIPT_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  npm: ['-c', '--call'],
  npx: ['-c', '--call'],
  'nix-shell': ['--run', '--command'],
};

/** What a runner runs: the commands it may start, and command lines it hands a shell. */
export interface RunnerReadings {
  readonly commands: readonly (readonly StaticWord[])[];
  readonly scripts: readonly StaticWord[];
}

/**
 * The commands a runner may run. Their option grammars are not tabled, so the command is read from
 * the first word after the options and, when the word before it is an option that may have taken
 * it as a value, from the next word too; `--` ends the options. `undefined`: not a runner.
 */
export function runnerReadings(name: string, words: readonly StaticWord[]): RunnerReadings | undefined {
  const scriptOptions = SCRIPT_OPTIONS[name] ?? [];
  const scripts: StaticWord[] = [];
  for (const [index, word] of words.entries()) {
    if (word === null) continue;
    const option = scriptOptions.find((each) => word === each || word.startsWith(`${each}=`));
    if (option !== undefined)
      scripts.push(word === option ? (words[index + 1] ?? null) : word.slice(option.length + 1));
  }
  const subcommands = RUNNERS[name];
  if (!subcommands) return scripts.length > 0 ? { commands: [], scripts } : undefined;
  // The subcommand may follow the runner's own options (`pnpm --filter web exec rm`).
  for (const subcommand of subcommands) {
    const at =
      subcommand.words.length === 0
        ? 1
        : words.findIndex((_, index) =>
            subcommand.words.every((word, offset) => words[index + offset] === word),
          );
    if (at < 1) continue;
    let index = at + subcommand.words.length + (subcommand.operands ?? 0);
    const commands: StaticWord[][] = [];
    while (index < words.length) {
      const word = words[index];
      if (word === null || word === undefined) {
        commands.push([null]);
        break;
      }
      if (word === '--') {
        if (index + 1 < words.length) commands.push(words.slice(index + 1));
        break;
      }
      if (!word.startsWith('-')) {
        commands.push(words.slice(index));
        const before = words[index - 1];
        if (before?.startsWith('-') && !before.includes('=') && index + 1 < words.length)
          commands.push(words.slice(index + 1));
        break;
      }
      index += 1;
    }
    return { commands, scripts };
  }
  return scripts.length > 0 ? { commands: [], scripts } : undefined;
}
