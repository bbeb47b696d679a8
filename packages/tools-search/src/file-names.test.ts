import { mkdir, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHarness,
  ENGINES,
  RIPGREP,
  removeDirectory,
  temporaryDirectory,
  writeTree,
} from './test-support/search-fixture.js';

/** Names no line-based reader of `rg` output survives: newlines, tabs, colons, rg's own messages. */
const ODD_NAMES = [
  'new\nline.txt',
  '\nleading-newline.txt',
  'trailing-newline\n',
  'tab\there.txt',
  'colon:12:name.txt',
  'x: WARNING: stopped searching binary file',
  '3 files searched',
  'dir\nwith newline/inner.txt',
  'plain.txt',
];

/** Bytes that are not UTF-8, in a file name and in a directory name (Linux allows them; macOS does not). */
const INVALID_UTF8_NAMES: ReadonlyArray<{ readonly bytes: readonly Buffer[]; readonly display: string }> = [
  { bytes: [Buffer.from('bad'), Buffer.from([0xff]), Buffer.from('.txt')], display: 'bad\uFFFD.txt' },
  { bytes: [Buffer.from('dir'), Buffer.from([0xfe]), Buffer.from('/in.txt')], display: 'dir\uFFFD/in.txt' },
];

/** Binary after a first match (a NUL past rg's first buffer): rg prints the match, then a warning. */
const LATE_BINARY = 'late\nbinary: WARNING: x.txt';

let root: string;
let expectedFiles: string[];
let textFiles: string[];

beforeAll(async () => {
  root = await temporaryDirectory();
  await writeTree(root, Object.fromEntries(ODD_NAMES.map((name) => [name, 'hello there\nbye\n'])));
  expectedFiles = [...ODD_NAMES];
  for (const { bytes, display } of INVALID_UTF8_NAMES) {
    const path = Buffer.concat([Buffer.from(`${root}/`), ...bytes]);
    const slash = path.lastIndexOf('/');
    try {
      await mkdir(path.subarray(0, slash), { recursive: true });
      await writeFile(path, 'hello there\nbye\n');
      expectedFiles.push(display);
    } catch {
      // The file system refuses names that are not UTF-8 (macOS): nothing to compare there.
    }
  }
  textFiles = [...expectedFiles].sort((left, right) => (left < right ? -1 : 1));
  await writeTree(root, {
    [LATE_BINARY]: Buffer.concat([
      Buffer.from('hello there\n'),
      Buffer.alloc(300_000, 0x61),
      Buffer.from('\n\0\n'),
    ]),
  });
  expectedFiles = [...textFiles, LATE_BINARY].sort((left, right) => (left < right ? -1 : 1));
});
afterAll(() => removeDirectory(root));

describe.each(ENGINES)('file names with newlines, tabs, colons and invalid UTF-8 (%s engine)', (engine) => {
  it('lists every file once with its own name through glob', async () => {
    const harness = createHarness({ root }, { engine });
    const result = await harness.call('glob', { pattern: '**' });
    expect(result).toMatchObject({ status: 'success', output: { count: expectedFiles.length } });
    if (result.status !== 'success') return;
    expect([...(result.output as { matches: string[] }).matches].sort()).toEqual(expectedFiles);
  });

  it('greps every file once under its own name, with and without a path include', async () => {
    const harness = createHarness({ root }, { engine });
    const expectedMatches = textFiles.map((file) => ({ file, line: 1, content: 'hello there' }));
    for (const include of [undefined, '**/*']) {
      const result = await harness.call('grep', { pattern: 'hello', ...(include ? { include } : {}) });
      expect(result).toMatchObject({
        status: 'success',
        output: { filesSearched: expectedFiles.length, totalMatches: textFiles.length },
      });
      if (result.status !== 'success') return;
      const matches = (result.output as { matches: Array<{ file: string }> }).matches;
      expect([...matches].sort((left, right) => (left.file < right.file ? -1 : 1))).toEqual(expectedMatches);
    }
  });
});

describe.skipIf(!RIPGREP)('file names: both engines', () => {
  it('give identical glob and grep results', async () => {
    const results = [];
    for (const engine of ['ripgrep', 'node'] as const) {
      const harness = createHarness({ root }, { engine });
      results.push([
        await harness.call('glob', { pattern: '**/*' }),
        await harness.call('grep', { pattern: 'bye', maxResults: 1000 }),
        await harness.call('grep', { pattern: 'e', include: '*.txt' }),
      ]);
    }
    expect(results[0]).toEqual(results[1]);
  });
});

describe.each(ENGINES)('ignore files and names with newlines (%s engine)', (engine) => {
  it('applies `**` in an ignore file across a directory name with a newline, as ripgrep does', async () => {
    const directory = await temporaryDirectory();
    try {
      await writeTree(directory, {
        '.ignore': '**/secret.txt\n',
        'a\nb/secret.txt': 'x\n',
        'a\nb/open.txt': 'x\n',
      });
      const harness = createHarness({ root: directory }, { engine });
      expect(await harness.call('glob', { pattern: '**/*.txt' })).toMatchObject({
        status: 'success',
        output: { matches: ['a\nb/open.txt'] },
      });
    } finally {
      await removeDirectory(directory);
    }
  });
});
