import fc from 'fast-check';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDirectory, temporaryDirectory, writeTree } from '../test-support/search-fixture.js';
import { compileGlob } from './glob-matcher.js';

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
  const matcher = compileGlob(pattern);
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
