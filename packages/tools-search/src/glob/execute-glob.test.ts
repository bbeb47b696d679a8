import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createHarness,
  ENGINES,
  removeDirectory,
  type SearchHarness,
  temporaryDirectory,
  writeTree,
} from '../test-support/search-fixture.js';

describe.each(ENGINES)('glob (%s engine)', (engine) => {
  let root: string;
  let harness: SearchHarness;

  beforeEach(async () => {
    root = await temporaryDirectory();
    await writeTree(root, {
      'a.ts': 'a',
      'b.js': 'b',
      'src/index.ts': 'i',
      'src/lib/util.ts': 'u',
      'src/lib/util.test.ts': 't',
      'src/z.ts/inner.md': 'x',
      '.hidden/secret.ts': 's',
      '.envrc': 'e',
      'node_modules/pkg/index.ts': 'n',
      '.git/config': 'c',
      'docs/readme.md': 'r',
      'empty/': '',
    });
    harness = createHarness({ root }, { engine });
  });
  afterEach(() => removeDirectory(root));

  it('takes a NUL byte in the pattern without failing (it cannot be a process argument)', async () => {
    expect(await harness.call('glob', { pattern: '*\u0000' })).toMatchObject({
      status: 'success',
      output: { matches: [], count: 0, truncated: false },
    });
  });

  it('matches **/*.ts at every depth, including the top, sorted by path, hidden files included', async () => {
    expect(await harness.call('glob', { pattern: '**/*.ts' })).toEqual({
      status: 'success',
      output: {
        pattern: '**/*.ts',
        path: '.',
        matches: ['.hidden/secret.ts', 'a.ts', 'src/index.ts', 'src/lib/util.test.ts', 'src/lib/util.ts'],
        count: 5,
        truncated: false,
      },
      display: {
        summary: '5 files',
        text: '.hidden/secret.ts\na.ts\nsrc/index.ts\nsrc/lib/util.test.ts\nsrc/lib/util.ts',
      },
    });
  });

  it('keeps * within one directory and lists files only', async () => {
    expect(await harness.call('glob', { pattern: '*' })).toMatchObject({
      output: { matches: ['.envrc', 'a.ts', 'b.js'], count: 3 },
    });
  });

  it('searches below path and returns root-relative paths', async () => {
    expect(await harness.call('glob', { pattern: '**/*.{ts,md}', path: 'src' })).toEqual({
      status: 'success',
      output: {
        pattern: '**/*.{ts,md}',
        path: 'src',
        matches: ['src/index.ts', 'src/lib/util.test.ts', 'src/lib/util.ts', 'src/z.ts/inner.md'],
        count: 4,
        truncated: false,
      },
      display: {
        summary: '4 files',
        text: 'src/index.ts\nsrc/lib/util.test.ts\nsrc/lib/util.ts\nsrc/z.ts/inner.md',
      },
    });
  });

  it('supports classes, ? and extglobs', async () => {
    expect(await harness.call('glob', { pattern: 'src/lib/util.@(test.ts|ts)' })).toMatchObject({
      output: { matches: ['src/lib/util.test.ts', 'src/lib/util.ts'] },
    });
    expect(await harness.call('glob', { pattern: '[ab].?s' })).toMatchObject({
      output: { matches: ['a.ts', 'b.js'] },
    });
  });

  it('reports truncated only when more files matched than were returned', async () => {
    expect(await harness.call('glob', { pattern: '**/*.ts', maxResults: 5 })).toMatchObject({
      output: { count: 5, truncated: false },
    });
    expect(await harness.call('glob', { pattern: '**/*.ts', maxResults: 2 })).toMatchObject({
      output: { matches: ['.hidden/secret.ts', 'a.ts'], count: 2, truncated: true },
    });
  });

  it('skips .git and node_modules, and the workspace excluded paths', async () => {
    const custom = createHarness({ root, excludedPaths: ['.git', 'node_modules', 'docs'] }, { engine });
    expect(await custom.call('glob', { pattern: '**/*.md' })).toMatchObject({
      output: { matches: ['src/z.ts/inner.md'] },
    });
  });

  it('never follows or lists symbolic links', async () => {
    const outside = await temporaryDirectory();
    try {
      await writeTree(outside, { 'far.ts': 'f' });
      await writeTree(root, { 'link-dir': { symlink: outside }, 'link.ts': { symlink: join(root, 'a.ts') } });
      expect(await harness.call('glob', { pattern: '**/*.ts' })).toMatchObject({
        output: {
          matches: ['.hidden/secret.ts', 'a.ts', 'src/index.ts', 'src/lib/util.test.ts', 'src/lib/util.ts'],
        },
      });
    } finally {
      await removeDirectory(outside);
    }
  });

  it('sorts newest first when configured', async () => {
    const newest = createHarness({ root }, { engine, globSort: 'modified' });
    await utimes(join(root, 'src/index.ts'), 1_000, 1_000);
    await utimes(join(root, 'a.ts'), 3_000, 3_000);
    await utimes(join(root, 'src/lib/util.ts'), 2_000, 2_000);
    expect(await newest.call('glob', { pattern: '{a,src/index,src/lib/util}.ts' })).toMatchObject({
      output: { matches: ['a.ts', 'src/lib/util.ts', 'src/index.ts'] },
    });
  });

  it('fails with not_found for a missing path', async () => {
    expect(await harness.call('glob', { pattern: '*', path: 'missing' })).toEqual({
      status: 'failure',
      error: {
        code: 'not_found',
        message: 'Path "missing" does not exist. Use glob to find the right path.',
      },
    });
  });

  it('fails with not_a_directory when path is a file', async () => {
    expect(await harness.call('glob', { pattern: '*', path: 'a.ts' })).toEqual({
      status: 'failure',
      error: {
        code: 'not_a_directory',
        message: 'Path "a.ts" is a file; glob searches a directory. Use its parent directory as `path`.',
      },
    });
  });

  it('fails with path_outside_workspace for a path outside', async () => {
    const result = await harness.call('glob', { pattern: '*', path: '/etc' });
    expect(result).toMatchObject({ status: 'failure', error: { code: 'path_outside_workspace' } });
  });

  it.each([
    ['!*.ts', 'pattern "!*.ts" is a negation; glob takes a positive pattern such as "**/*.ts".'],
    ['/etc/*', 'pattern "/etc/*" is absolute; make it relative and put the directory in `path`.'],
    ['../*', 'pattern "../*" contains "..": put the directory to search in `path` instead.'],
    ['   ', 'pattern is empty; give a glob such as "**/*.ts".'],
  ])('refuses the pattern %j with invalid_arguments', async (pattern, message) => {
    expect(await harness.call('glob', { pattern })).toEqual({
      status: 'failure',
      error: { code: 'invalid_arguments', message },
    });
  });

  it('refuses bad arguments of every kind with a failure', async () => {
    for (const args of [
      {},
      { pattern: 3 },
      { pattern: '*', maxResults: 0 },
      { pattern: '*', maxResults: 1.5 },
      { pattern: '*', paht: '.' },
    ]) {
      expect(await harness.call('glob', args)).toMatchObject({
        status: 'failure',
        error: { code: 'invalid_arguments' },
      });
    }
  });
});
