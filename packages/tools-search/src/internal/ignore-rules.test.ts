import { spawnSync } from 'node:child_process';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createSecretMatcher } from '@toolgate/core';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createHarness,
  ENGINES,
  RIPGREP,
  removeDirectory,
  ripgrepFiles,
  temporaryDirectory,
  writeTree,
} from '../test-support/search-fixture.js';
import { listFilesWithNode } from './node-engine.js';

const NEVER = new AbortController().signal;

/** What the Node engine lists under `root`, its ignore files respected. */
async function listWithNode(root: string): Promise<readonly string[]> {
  const listing = await listFilesWithNode({
    base: root,
    excludedNames: ['.git', 'node_modules'],
    secrets: createSecretMatcher([]),
    respectIgnoreFiles: true,
    signal: NEVER,
    readable: () => true,
  });
  if (listing.type !== 'done') throw new Error(listing.type);
  return listing.files;
}

async function ancestorHasGit(directory: string): Promise<boolean> {
  for (let current = dirname(directory); ; current = dirname(current)) {
    try {
      await stat(join(current, '.git'));
      return true;
    } catch {
      if (dirname(current) === current) return false;
    }
  }
}

describe.each(ENGINES)('ignore files as ripgrep reads them (%s engine)', (engine) => {
  let root: string;
  beforeEach(async () => {
    root = await temporaryDirectory();
  });
  afterEach(() => removeDirectory(root));

  async function listed(options: { path?: string; respectIgnoreFiles?: boolean } = {}): Promise<string[]> {
    const harness = createHarness(
      { root },
      { engine, respectIgnoreFiles: options.respectIgnoreFiles ?? true },
    );
    const result = await harness.call('glob', {
      pattern: '**',
      maxResults: 100_000,
      path: options.path ?? '.',
    });
    if (result.status !== 'success') throw new Error(JSON.stringify(result));
    return [...(result.output as { matches: string[] }).matches].sort();
  }

  function expectSameAsRipgrep(files: string[], cwd = root): void {
    if (RIPGREP)
      expect(files.map((file) => file.slice(cwd === root ? 0 : cwd.length - root.length)).sort()).toEqual(
        ripgrepFiles(cwd),
      );
  }

  it('applies negation, anchoring and directory-only patterns inside a git repository', async () => {
    await writeTree(root, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': '*.log\n!keep.log\n/top.txt\nbuild/\nlib/*.tmp\n',
      'a.log': '',
      'keep.log': '',
      'top.txt': '',
      'sub/top.txt': '',
      'build/out.js': '',
      'sub/build/out.js': '',
      'build.txt': '',
      'lib/x.tmp': '',
      'lib/deep/y.tmp': '',
      'file-named-build': '',
    });
    await writeFile(join(root, 'sub', 'build-file'), '');
    const files = await listed();
    expect(files).toEqual([
      '.gitignore',
      'build.txt',
      'file-named-build',
      'keep.log',
      'lib/deep/y.tmp',
      'sub/build-file',
      'sub/top.txt',
    ]);
    expectSameAsRipgrep(files);
  });

  it('lets nested ignore files override their parents, deepest first', async () => {
    await writeTree(root, {
      '.git/HEAD': '',
      '.gitignore': '*.gen\n',
      'a.gen': '',
      'pkg/.gitignore': '!*.gen\nlocal.txt\n',
      'pkg/b.gen': '',
      'pkg/local.txt': '',
      'pkg/deeper/c.gen': '',
      'other/local.txt': '',
    });
    const files = await listed();
    expect(files).toEqual([
      '.gitignore',
      'other/local.txt',
      'pkg/.gitignore',
      'pkg/b.gen',
      'pkg/deeper/c.gen',
    ]);
    expectSameAsRipgrep(files);
  });

  it('reads .gitignore only inside a git repository, .ignore and .rgignore everywhere', async () => {
    await writeTree(root, {
      '.gitignore': 'git-ignored.txt\n',
      '.ignore': 'dot-ignored.txt\n',
      '.rgignore': 'rg-ignored.txt\n',
      'git-ignored.txt': '',
      'dot-ignored.txt': '',
      'rg-ignored.txt': '',
      'kept.txt': '',
    });
    const files = await listed();
    // A `.git` in some ancestor of the temporary directory (even `/.git`) puts it inside a repository.
    const insideGit = await ancestorHasGit(root);
    expect(files).toEqual([
      '.gitignore',
      '.ignore',
      '.rgignore',
      ...(insideGit ? [] : ['git-ignored.txt']),
      'kept.txt',
    ]);
    expectSameAsRipgrep(files);
  });

  it('ranks .rgignore over .ignore over .gitignore', async () => {
    await writeTree(root, {
      '.git/HEAD': '',
      '.gitignore': 'a.txt\nb.txt\n',
      '.ignore': '!a.txt\nc.txt\n',
      '.rgignore': '!c.txt\n',
      'a.txt': '',
      'b.txt': '',
      'c.txt': '',
    });
    const files = await listed();
    expect(files).toEqual(['.gitignore', '.ignore', '.rgignore', 'a.txt', 'c.txt']);
    expectSameAsRipgrep(files);
  });

  it('reads .git/info/exclude', async () => {
    await writeTree(root, { '.git/info/exclude': 'secret.*\n', 'secret.txt': '', 'public.txt': '' });
    const files = await listed();
    expect(files).toEqual(['public.txt']);
    expectSameAsRipgrep(files);
  });

  it('applies the parent directories\u2019 ignore files when searching a subdirectory', async () => {
    await writeTree(root, {
      '.git/HEAD': '',
      '.gitignore': 'sub/ignored.txt\n*.bak\n',
      'sub/ignored.txt': '',
      'sub/kept.txt': '',
      'sub/old.bak': '',
    });
    const files = await listed({ path: 'sub' });
    expect(files).toEqual(['sub/kept.txt']);
    expectSameAsRipgrep(files, join(root, 'sub'));
  });

  it('stops reading parent .gitignore files at the nearest repository root', async () => {
    await writeTree(root, {
      '.git/HEAD': '',
      '.gitignore': '*.txt\n',
      'inner/.git/HEAD': '',
      'inner/a.txt': '',
      'inner/b.md': '',
      'outer.txt': '',
    });
    const files = await listed();
    expect(files).toEqual(['.gitignore', 'inner/a.txt', 'inner/b.md']);
    expectSameAsRipgrep(files);
  });

  it('reads no ignore file when respectIgnoreFiles is false', async () => {
    await writeTree(root, {
      '.git/HEAD': '',
      '.gitignore': '*.txt\n',
      '.ignore': '*.md\n',
      'a.txt': '',
      'b.md': '',
    });
    const files = await listed({ respectIgnoreFiles: false });
    expect(files).toEqual(['.gitignore', '.ignore', 'a.txt', 'b.md']);
    if (RIPGREP) expect(files).toEqual(ripgrepFiles(root, ['--no-ignore']));
  });

  it('handles escapes, trailing spaces, comments, ** forms and brace alternates as ripgrep 13 does', async () => {
    await writeTree(root, {
      '.git/HEAD': '',
      '.gitignore': '# comment\n\\#hash\n\\!bang\ntrail   \na/**/z.txt\nlogs/**\n{x,y}.dat\n**/deep.txt\n',
      '#hash': '',
      '!bang': '',
      trail: '',
      'a/z.txt': '',
      'a/b/c/z.txt': '',
      'logs/one': '',
      'x.dat': '',
      'y.dat': '',
      'w.dat': '',
      'p/q/deep.txt': '',
      '# comment': '',
    });
    const files = await listed();
    expect(files).toEqual(['# comment', '.gitignore', 'w.dat']);
    expectSameAsRipgrep(files);
  });
});

const NAMES = ['a', 'b', 'c.txt', 'd.log', '.h'];
const TREE = [
  'a/c.txt',
  'a/d.log',
  'a/b/c.txt',
  'a/b/.h',
  'b/a/d.log',
  'b/c.txt',
  'c.txt',
  'd.log',
  '.h/a',
  'x/a/b/c.txt',
];

const ignoreLine = fc
  .tuple(
    fc.constantFrom('', '!', '/', '!/', '**/'),
    fc.array(fc.constantFrom(...NAMES, '*', '*.txt', '**', 'a*', '[ab]', '?'), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.constantFrom('', '/'),
  )
  .map(([prefix, segments, suffix]) => prefix + segments.join('/') + suffix);

describe.runIf(RIPGREP)('the Node walker against rg on random ignore files', () => {
  it('lists what rg --files lists', async () => {
    const root = await temporaryDirectory('tools-search-fuzz-');
    try {
      await writeTree(root, Object.fromEntries(TREE.map((path) => [path, ''])));
      await mkdir(join(root, '.git'));
      await fc.assert(
        fc.asyncProperty(
          fc.array(ignoreLine, { maxLength: 5 }),
          fc.array(ignoreLine, { maxLength: 3 }),
          fc.constantFrom('.gitignore', '.ignore'),
          async (rootLines, nestedLines, nestedName) => {
            await writeFile(join(root, '.gitignore'), `${rootLines.join('\n')}\n`);
            await writeFile(join(root, 'a', nestedName), `${nestedLines.join('\n')}\n`);
            expect([...(await listWithNode(root))].sort()).toEqual(ripgrepFiles(root));
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      await removeDirectory(root);
    }
  });
});

describe('ignore files that are not regular files (node engine)', () => {
  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)(
    'skips a FIFO named .gitignore, .ignore or .git/info/exclude without waiting for a writer, and still reads the regular ones',
    async () => {
      const root = await temporaryDirectory();
      try {
        await writeTree(root, {
          'a.txt': 'a\n',
          'skipped.txt': 's\n',
          'sub/b.txt': 'b\n',
          '.rgignore': 'skipped.txt\n',
        });
        await mkdir(join(root, '.git', 'info'), { recursive: true });
        for (const fifo of ['.gitignore', 'sub/.ignore', '.git/info/exclude'])
          expect(spawnSync('mkfifo', [join(root, fifo)]).status).toBe(0);
        // Were a FIFO opened to be read, this would wait for ever: nothing writes to them.
        const files = await listWithNode(root);
        expect(files).toContain('a.txt');
        expect(files).toContain('sub/b.txt');
        expect(files).not.toContain('skipped.txt');
      } finally {
        await removeDirectory(root);
      }
    },
  );
});
