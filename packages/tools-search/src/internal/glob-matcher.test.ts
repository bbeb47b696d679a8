import fc from 'fast-check';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDirectory, temporaryDirectory, writeTree } from '../test-support/search-fixture.js';
import { compileGlob, isStarNameGlob } from './glob-matcher.js';
import { loadRe2 } from './re2.js';

beforeAll(loadRe2);

const TREE = [
  'a.ts',
  'b.js',
  'ab.ts',
  '.dot.ts',
  'x1.txt',
  'x2.txt',
  'x10.txt',
  'src/a.ts',
  'src/b.tsx',
  'src/.hidden/c.ts',
  'src/lib/a.ts',
  'src/lib/deep/d.js',
  'lib/a.ts',
  'lib/x/y/z.md',
  'a/b/c/d.ts',
];

let root: string;
beforeAll(async () => {
  root = await temporaryDirectory('tools-search-glob-');
  await writeTree(root, Object.fromEntries(TREE.map((path) => [path, ''])));
});
afterAll(() => removeDirectory(root));

function ours(pattern: string): string[] {
  const compiled = compileGlob(pattern);
  const matcher =
    compiled.type === 'linear' ? compiled.matcher : (path: string) => compiled.regexp.test(path);
  return TREE.filter(matcher).sort();
}

function fastGlob(pattern: string): string[] {
  return fg.sync(pattern, { cwd: root, dot: true, onlyFiles: true, followSymbolicLinks: false }).sort();
}

// fast-glob 3.3.3 never matches a directory through `?` (`l?b/**` finds nothing); that quirk is
// not reproduced, so `?` is only tested in file names. Nor is its treatment of a trailing `/**`
// after a name (`*/**` skips the file `a.ts`, `*.ts/**` lists it): here `x/**` means files below `x`.
describe('the glob dialect against fast-glob', () => {
  it.each([
    '**/*.ts',
    '*.ts',
    'src/**',
    'src/**/*.ts',
    '**/lib/**',
    '*.{ts,js}',
    '**/*.{ts,tsx}',
    'x{1..3}.txt',
    'x?.txt',
    '[ab].ts',
    '[!a]*.ts',
    'src/*',
    '**/a.ts',
    'a/**/d.ts',
    '**/[[:alpha:]].ts',
    'src/@(a|b).ts*',
    '+(a|b).ts',
    './*.js',
    '**',
    'lib/**/*.md',
    '**/deep/*',
  ])('matches %s like fast-glob', (pattern) => {
    expect(ours(pattern)).toEqual(fastGlob(pattern));
  });

  it('agrees with fast-glob on generated patterns', () => {
    const segment = fc
      .array(
        fc.constantFrom('a', 'b', 'src', 'lib', '*', '.ts', '.js', '[ab]', '{a,b}', '{ts,js}', 'x', 'd'),
        {
          minLength: 1,
          maxLength: 3,
        },
      )
      // `**` glued to other characters inside a segment is left out: fast-glob 3.3.3 treats it
      // inconsistently (`**.js` finds `src/lib/deep/d.js`, `src/**.js` finds nothing).
      .map((parts) => parts.join('').replace(/\*{2,}/g, '*'));
    const pattern = fc
      .tuple(fc.array(fc.oneof(segment, fc.constant('**')), { maxLength: 3 }), segment)
      .map(([directories, name]) => [...directories, name].join('/'));
    fc.assert(
      fc.property(pattern, (generated) => {
        let expected: string[];
        try {
          expected = fastGlob(generated);
        } catch {
          // fast-glob throws ENOTDIR when a literal segment names a file (`a.ts/x`).
          return;
        }
        expect(ours(generated)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('file-name globs matched without re2js', () => {
  it('answers as the same glob compiled through RE2 (inside `@(…)`)', () => {
    const name = fc.stringMatching(/^[ab.*]{1,7}$/).filter((glob) => !glob.includes('**'));
    const path = fc
      .stringMatching(/^[ab./]{1,9}$/)
      .filter((candidate) => !candidate.includes('//') && !/^\/|\/$/.test(candidate));
    fc.assert(
      fc.property(name, fc.boolean(), fc.array(path, { minLength: 1, maxLength: 8 }), (glob, deep, paths) => {
        const pattern = deep ? `**/${glob}` : glob;
        expect(isStarNameGlob(pattern)).toBe(true);
        const simple = compileGlob(pattern);
        const viaRe2 = compileGlob(deep ? `**/@(${glob})` : `@(${glob})`);
        if (simple.type !== 'linear' || viaRe2.type !== 'linear') throw new Error('expected linear globs');
        for (const candidate of paths) expect(simple.matcher(candidate)).toBe(viaRe2.matcher(candidate));
      }),
      { numRuns: 500 },
    );
  });

  it('takes only literal names with `*`, alone or after a leading `**/`', () => {
    for (const pattern of ['**/*.ts', '*.md', '**/package.json', '*.{ts,tsx}', './*.js', '*'])
      expect(isStarNameGlob(pattern)).toBe(true);
    for (const pattern of ['src/*.ts', '**/src/*.ts', '?.ts', '[ab].ts', '@(a).ts', '**', '**.ts', 'a\\*'])
      expect(isStarNameGlob(pattern)).toBe(false);
  });
});

describe('compileGlob on names built to make a backtracking matcher blow up', () => {
  it.each([
    ['+(a|aa)', `${'a'.repeat(60)}!`],
    ['*a*a*a*a*a*a*a*a*b', 'a'.repeat(200)],
    ['*(a|a)b', 'a'.repeat(200)],
    ['**/*a*a*a*a*a*a*b', `${'a/'.repeat(50)}${'a'.repeat(100)}`],
  ])('matches %s in linear time (RE2, or string search for a name glob)', (pattern, path) => {
    const compiled = compileGlob(pattern);
    expect(compiled.type).toBe('linear');
    if (compiled.type === 'linear') expect(compiled.matcher(path)).toBe(false);
  });

  it('keeps the negated extglob !(…) as a RegExp for a worker (RE2 has no look-ahead)', () => {
    expect(compileGlob('!(*.ts)').type).toBe('backtracking');
  });
});
