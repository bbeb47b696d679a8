import { describe, expect, it } from 'vitest';
import { unwrapCommand } from './unwrap-command.js';
import { WRAPPER_GRAMMARS } from './wrapper-grammars.js';

const words = (line: string) => line.split(' ');
/** The words of the innermost reading, and the scripts handed to a shell. */
const innermost = (line: string) => {
  const { readings, scripts } = unwrapCommand(words(line));
  return { words: readings.at(-1)?.words, wrappers: readings.at(-1)?.wrappers, scripts };
};

/** Wrappers whose wrapped command is a command (not `su USER`, `script FILE`). */
const COMMAND_WRAPPERS = Object.entries(WRAPPER_GRAMMARS).filter(([, grammar]) => !grammar.runsNoCommand);
const operandsOf = (name: string) =>
  Array.from({ length: WRAPPER_GRAMMARS[name]!.operands ?? 0 }, () => 'OPERAND');
const tail = (name: string) => (WRAPPER_GRAMMARS[name]!.appendsArguments ? ['rm', 'x', null] : ['rm', 'x']);
const viaShell = (name: string, option: string) =>
  (WRAPPER_GRAMMARS[name]!.joinsIntoShell &&
    !WRAPPER_GRAMMARS[name]!.joinsIntoShell!.unless.includes(option)) ||
  WRAPPER_GRAMMARS[name]!.shellWhen?.includes(option);

describe('unwrapCommand reads every option of every wrapper grammar', () => {
  const cases = COMMAND_WRAPPERS.flatMap(([name, grammar]) => [
    ...[...(grammar.flags ?? '')].map((letter) => [name, `-${letter}`, []] as const),
    ...[...(grammar.withValue ?? '')].flatMap((letter) => [
      [name, `-${letter}`, ['VALUE']] as const,
      [name, `-${letter}VALUE`, []] as const,
    ]),
    ...[...(grammar.optionalValue ?? '')].flatMap((letter) => [
      [name, `-${letter}`, []] as const,
      [name, `-${letter}VALUE`, []] as const,
    ]),
    ...(grammar.longFlags ?? []).map((option) => [name, `--${option}`, []] as const),
    ...(grammar.longWithValue ?? []).flatMap((option) => [
      [name, `--${option}`, ['VALUE']] as const,
      [name, `--${option}=VALUE`, []] as const,
    ]),
    ...(grammar.longOptionalValue ?? []).flatMap((option) => [
      [name, `--${option}`, []] as const,
      [name, `--${option}=VALUE`, []] as const,
    ]),
  ]);

  it.each(cases)('%s %s %j reaches the wrapped command', (name, option, value) => {
    const { scriptOptions = [], splitOptions = [], runsNothingWith = [] } = WRAPPER_GRAMMARS[name]!;
    const bare = option.replace(/=.*$/, '').replace(/^(-[a-zA-Z]).+$/, '$1');
    const line = [name, option, ...value, ...operandsOf(name), 'rm', 'x'];
    const { readings, scripts } = unwrapCommand(line);
    if (runsNothingWith.includes(bare)) {
      // It names the command (`command -v rm`) or a process, and runs nothing.
      expect({ readings, scripts }).toEqual({ readings: [{ words: line, wrappers: [] }], scripts: [] });
    } else if (scriptOptions.includes(bare)) {
      // The value is a command line a shell runs; nothing else does.
      expect(scripts).toEqual([value[0] ?? option.replace(/^--?[a-zA-Z-]+?(=|(?<=^-[a-zA-Z]))/, '')]);
    } else if (splitOptions.includes(bare)) {
      expect(readings.at(-1)?.words).toEqual(['VALUE', ...operandsOf(name), 'rm', 'x']);
    } else if (viaShell(name, bare)) {
      expect(scripts).toEqual(['rm x']);
    } else {
      expect(readings.at(-1)).toEqual({ words: tail(name), wrappers: [name] });
    }
  });

  it.each(COMMAND_WRAPPERS.map(([name]) => name))(
    '%s with an option its grammar lacks wraps an unknown command',
    (name) => {
      expect(innermost(`${name} --no-such-option rm x`)).toEqual({
        words: [null],
        wrappers: [name],
        scripts: [],
      });
    },
  );
});

describe('unwrapCommand, by the programs’ documented forms', () => {
  it.each([
    ['xargs -i rm {}', ['rm', null, null]],
    ['xargs -I {} rm {}', ['rm', null, null]],
    ['xargs -I % % x', [null, 'x', null]],
    ['xargs -i{} {}', [null, null]],
    ['xargs -0rn1 rm', ['rm', null]],
    ['xargs -L 2 -P 4 rm', ['rm', null]],
    ['xargs -E END rm', ['rm', null]],
    ['xargs -eEND rm', ['rm', null]],
    ['xargs -e rm', ['rm', null]],
    ['xargs', ['echo', null]],
    ['xargs -n 1', ['echo', null]],
    ['env -u HOME -C /tmp A=1 rm x', ['rm', 'x']],
    ['env - A=1 rm x', ['rm', 'x']],
    ['env -S rm', ['rm']],
    ['timeout -k 5 -s KILL 10 rm x', ['rm', 'x']],
    ['timeout -sKILL 10s rm x', ['rm', 'x']],
    ['nice -5 rm x', ['rm', 'x']],
    ['nice -n -5 rm x', ['rm', 'x']],
    ['stdbuf -oL -eL rm x', ['rm', 'x']],
    ['sudo -u root -E VAR=1 rm x', ['rm', 'x']],
    ['sudo -hhost rm x', ['rm', 'x']],
    ['chroot --userspec=a:b /srv rm x', ['rm', 'x']],
    ['flock -n /tmp/l rm x', ['rm', 'x']],
    ['taskset -c 0-3 rm x', ['rm', 'x']],
    ['ionice -c 2 -n 7 rm x', ['rm', 'x']],
    ['unshare --mount=/tmp/ns -r rm x', ['rm', 'x']],
    ['exec -a name rm x', ['rm', 'x']],
    ['watch -x -n 1 rm x', ['rm', 'x']],
    ['busybox rm x', ['rm', 'x']],
    ['coproc rm x', ['rm', 'x']],
    ['coproc NAME { rm x', ['rm', 'x']],
    ['chrt -f 10 rm x', ['rm', 'x']],
    ['nsenter -t 1 -m rm x', ['rm', 'x']],
    ['setpriv --reuid=0 rm x', ['rm', 'x']],
    ['strace -f -o out rm x', ['rm', 'x']],
    ['faketime 2020-01-01 rm x', ['rm', 'x']],
    ['setarch x86_64 -R rm x', ['rm', 'x']],
    ['sudo timeout 5 nice rm x', ['rm', 'x']],
  ])('%s runs %j', (line, expected) => {
    expect(innermost(line).words).toEqual(expected);
  });

  it.each([
    'pnpm exec rm x',
    'pnpm --filter web exec rm x',
    'npx --yes rm x',
    'npm exec -- rm x',
    'uv run --with requests rm x',
    'bundle exec rm x',
    'direnv exec . rm x',
    'nix develop -c rm x',
  ])('%s may run rm x (a runner: the first word after its options, or the next)', (line) => {
    expect(unwrapCommand(words(line)).readings.map((reading) => reading.words)).toContainEqual(['rm', 'x']);
  });

  it('reads a runner without taking an option value as the command when none can be one', () => {
    expect(unwrapCommand(words('uv run pytest -k rm')).readings.map((reading) => reading.words)).toEqual([
      words('uv run pytest -k rm'),
      words('pytest -k rm'),
    ]);
  });

  it.each([
    ['watch -n 1 rm x', ['rm x']],
    ['sudo -s rm x', ['rm x']],
    ['flock /tmp/l -c rm', ['rm']],
    ['flock -c rm /tmp/l', ['rm']],
    ['su -c rm', ['rm']],
    ['su root -c rm', ['rm']],
    ['su - root --command=rm', ['rm']],
    ['runuser -u nobody -c rm', ['rm']],
    ['script -q -c rm /dev/null', ['rm']],
    ['sg wheel -c rm', ['rm']],
    ['npm exec -c rm', ['rm']],
    ['npx --call=rm', ['rm']],
    ['nix-shell --run rm', ['rm']],
  ])('%s hands %j to a shell', (line, expected) => {
    expect(innermost(line).scripts).toEqual(expected);
  });

  it('reads an unknown word among the options as an unknown command', () => {
    expect(unwrapCommand(['sudo', null, 'rm'])).toEqual({
      readings: [
        { words: ['sudo', null, 'rm'], wrappers: [] },
        { words: [null], wrappers: ['sudo'] },
      ],
      scripts: [],
    });
  });

  it('adds what find -exec runs', () => {
    expect(unwrapCommand(words('find . -name a -exec rm {} ; -execdir ls +'))).toEqual({
      readings: [
        { words: words('find . -name a -exec rm {} ; -execdir ls +'), wrappers: [] },
        { words: ['rm', null], wrappers: ['find'] },
        { words: ['ls'], wrappers: ['find'] },
      ],
      scripts: [],
    });
  });
});
