import { describe, expect, it } from 'vitest';
import { textRunningCapability } from './text-running-programs.js';

const words = (line: string) => line.split(' ');

describe('textRunningCapability', () => {
  it.each([
    'sed -n 1,20p src/index.ts',
    'sed s/hello/world/g f',
    'sed -e s/a/b/ -e /x/d f',
    'sed --sandbox 1e f',
    'awk {print} access.log',
    'awk -F: {print} /etc/passwd',
    'tar -czf dist.tgz dist',
    'tar xzf a.tgz',
    'ssh -o BatchMode=yes host',
    'rsync -avz a host:b',
    'zip -r a.zip d',
    'vim +12 f',
    'at -l',
    'runuser root -c true',
  ])('names nothing for %j', (line) => {
    expect(textRunningCapability(words(line))).toBeUndefined();
  });

  it('names the capability a line uses', () => {
    expect(
      [
        'sed 1e f',
        'awk BEGIN{system("x")}',
        'tar -I x -cf a d',
        'ssh -oProxyCommand=x h',
        'vim -c !x',
        'at now',
      ].map((line) => textRunningCapability(words(line))),
    ).toEqual([
      'a sed script with `e`, which runs a command line',
      'an awk program that runs commands (system(), `|` pipes)',
      'a tar option that runs a command',
      '`-o` with a command ssh runs (ProxyCommand, LocalCommand, …)',
      'editor commands (`-c`, `+cmd`, `--cmd`, `-S`), which may run shell commands',
      'at reads the commands it runs from standard input or a file',
    ]);
  });
});
