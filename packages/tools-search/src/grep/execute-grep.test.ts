import { spawn, spawnSync } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
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

describe.each(ENGINES)('grep (%s engine)', (engine) => {
  let root: string;
  let harness: SearchHarness;

  beforeEach(async () => {
    root = await temporaryDirectory();
    await writeTree(root, {
      'src/app.ts': 'import x from "y";\n// TODO: one\nconst todo = 1;\nexport const a = 1;\n',
      'src/lib/util.ts': 'export function util() {}\n// todo later\n',
      'src/lib/util.js': 'module.exports = {}; // TODO\n',
      'README.md': '# Title\nTODO: docs\n',
      '.hidden/notes.txt': 'TODO hidden\n',
      'node_modules/pkg/index.js': 'TODO in dependency\n',
      '.git/HEAD': 'TODO in git\n',
    });
    harness = createHarness({ root }, { engine });
  });
  afterEach(() => removeDirectory(root));

  it('returns one entry per matching line, sorted by file then line, hidden files included', async () => {
    expect(await harness.call('grep', { pattern: 'TODO' })).toEqual({
      status: 'success',
      output: {
        pattern: 'TODO',
        path: '.',
        matches: [
          { file: '.hidden/notes.txt', line: 1, content: 'TODO hidden' },
          { file: 'README.md', line: 2, content: 'TODO: docs' },
          { file: 'src/app.ts', line: 2, content: '// TODO: one' },
          { file: 'src/lib/util.js', line: 1, content: 'module.exports = {}; // TODO' },
        ],
        filesSearched: 5,
        filesMatched: 4,
        totalMatches: 4,
        truncated: false,
      },
      display: {
        summary: '4 matches in 4 files',
        text: '.hidden/notes.txt:1:TODO hidden\nREADME.md:2:TODO: docs\nsrc/app.ts:2:// TODO: one\nsrc/lib/util.js:1:module.exports = {}; // TODO',
      },
    });
  });

  it('matches without regard to case when asked', async () => {
    expect(await harness.call('grep', { pattern: 'todo', caseInsensitive: true, path: 'src' })).toMatchObject(
      {
        output: {
          path: 'src',
          matches: [
            { file: 'src/app.ts', line: 2 },
            { file: 'src/app.ts', line: 3 },
            { file: 'src/lib/util.js', line: 1 },
            { file: 'src/lib/util.ts', line: 2 },
          ],
          filesSearched: 3,
        },
      },
    );
  });

  it('filters files with include: on the name, or on the path when it has a slash', async () => {
    expect(await harness.call('grep', { pattern: 'export', include: '*.ts' })).toMatchObject({
      output: {
        matches: [
          { file: 'src/app.ts', line: 4 },
          { file: 'src/lib/util.ts', line: 1 },
        ],
        filesSearched: 2,
      },
    });
    expect(await harness.call('grep', { pattern: 'export', include: 'src/lib/*' })).toMatchObject({
      output: {
        matches: [
          { file: 'src/lib/util.js', line: 1 },
          { file: 'src/lib/util.ts', line: 1 },
        ],
        filesSearched: 2,
      },
    });
    expect(await harness.call('grep', { pattern: 'export', include: '*.{js,md}' })).toMatchObject({
      output: { matches: [{ file: 'src/lib/util.js', line: 1 }], filesSearched: 2 },
    });
  });

  it('applies include to a file named by path', async () => {
    expect(
      await harness.call('grep', { pattern: 'o', path: 'src/lib/util.ts', include: '*.js' }),
    ).toMatchObject({
      output: { matches: [], filesSearched: 0 },
    });
  });

  it('treats a newline in the pattern as a pattern that never matches a line', async () => {
    expect(await harness.call('grep', { pattern: 'TODO\\nx' })).toMatchObject({ output: { matches: [] } });
  });

  it('takes a NUL byte in the pattern or include without failing (it cannot be a process argument)', async () => {
    await writeFile(join(root, 'nul.txt'), 'a\u0000b\n');
    const result = await harness.call('grep', { pattern: '\u0000', include: '*\u0000' });
    expect(result).toMatchObject({ status: 'success', output: { matches: [], filesMatched: 0 } });
  });

  it('searches one file when path names a file', async () => {
    expect(await harness.call('grep', { pattern: 'o', path: 'src/lib/util.ts' })).toEqual({
      status: 'success',
      output: {
        pattern: 'o',
        path: 'src/lib/util.ts',
        matches: [
          { file: 'src/lib/util.ts', line: 1, content: 'export function util() {}' },
          { file: 'src/lib/util.ts', line: 2, content: '// todo later' },
        ],
        filesSearched: 1,
        filesMatched: 1,
        totalMatches: 2,
        truncated: false,
      },
      display: {
        summary: '2 matches in 1 file',
        text: 'src/lib/util.ts:1:export function util() {}\nsrc/lib/util.ts:2:// todo later',
      },
    });
  });

  it('reports truncated only when more lines matched than were returned', async () => {
    expect(await harness.call('grep', { pattern: 'TODO', maxResults: 4 })).toMatchObject({
      output: { totalMatches: 4, truncated: false },
    });
    const result = await harness.call('grep', { pattern: 'TODO', maxResults: 2 });
    expect(result).toMatchObject({ output: { totalMatches: 2, truncated: true } });
  });

  it('returns the first matches in path order when truncated with deterministicResults', async () => {
    const ordered = createHarness({ root }, { engine, deterministicResults: true });
    expect(await ordered.call('grep', { pattern: 'TODO', maxResults: 2 })).toMatchObject({
      output: {
        matches: [
          { file: '.hidden/notes.txt', line: 1 },
          { file: 'README.md', line: 2 },
        ],
        truncated: true,
      },
    });
  });

  it('takes look-around, which only the Node engine runs', async () => {
    expect(await harness.call('grep', { pattern: 'TODO(?!:)', path: 'src' })).toMatchObject({
      output: { matches: [{ file: 'src/lib/util.js', line: 1 }] },
    });
  });

  it('uses Unicode classes as ripgrep does', async () => {
    await writeTree(root, { 'u.txt': 'caf\u00e9 latte\n\u0663\u0664 digits\nplain\n' });
    expect(await harness.call('grep', { pattern: 'caf\\w\\b', path: 'u.txt' })).toMatchObject({
      output: { matches: [{ line: 1, content: 'caf\u00e9 latte' }] },
    });
    expect(await harness.call('grep', { pattern: '\\d{2}', path: 'u.txt' })).toMatchObject({
      output: { matches: [{ line: 2 }] },
    });
  });

  it('yields no matches from a file with a NUL byte, but searches UTF-16 and BOM files', async () => {
    await writeTree(root, {
      'bin/blob.dat': Buffer.from('needle\u0000needle\n'),
      'bin/late.dat': Buffer.concat([Buffer.from('needle\n'.repeat(20_000)), Buffer.from([0])]),
      'bin/utf16.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a needle\n', 'utf16le')]),
      'bin/bom.txt': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('needle first\n')]),
    });
    expect(await harness.call('grep', { pattern: 'needle', path: 'bin' })).toEqual({
      status: 'success',
      output: {
        pattern: 'needle',
        path: 'bin',
        matches: [
          { file: 'bin/bom.txt', line: 1, content: 'needle first' },
          { file: 'bin/utf16.txt', line: 1, content: 'a needle' },
        ],
        filesSearched: 4,
        filesMatched: 2,
        totalMatches: 2,
        truncated: false,
      },
      display: {
        summary: '2 matches in 2 files',
        text: 'bin/bom.txt:1:needle first\nbin/utf16.txt:1:a needle',
      },
    });
  });

  it('skips files over the size limit', async () => {
    await writeTree(root, { 'big/a.txt': `needle\n${'x'.repeat(200)}\n`, 'big/b.txt': 'needle\n' });
    const limited = createHarness({ root }, { engine, maxFileSizeBytes: 100 });
    expect(await limited.call('grep', { pattern: 'needle', path: 'big' })).toMatchObject({
      output: { matches: [{ file: 'big/b.txt', line: 1 }], filesSearched: 1 },
    });
  });

  it('strips line terminators and clips very long lines with a marker', async () => {
    await writeTree(root, {
      'long/crlf.txt': 'needle\r\nnext\r\n',
      'long/long.txt': `needle${'y'.repeat(3000)}\n`,
    });
    const result = await harness.call('grep', { pattern: 'needle', path: 'long' });
    expect(result).toEqual({
      status: 'success',
      output: {
        pattern: 'needle',
        path: 'long',
        matches: [
          { file: 'long/crlf.txt', line: 1, content: 'needle' },
          {
            file: 'long/long.txt',
            line: 1,
            content: `needle${'y'.repeat(1994)}… [line clipped: 3006 characters]`,
          },
        ],
        filesSearched: 2,
        filesMatched: 2,
        totalMatches: 2,
        truncated: false,
      },
      display: {
        summary: '2 matches in 2 files',
        text: `long/crlf.txt:1:needle\nlong/long.txt:1:needle${'y'.repeat(1994)}… [line clipped: 3006 characters]`,
      },
    });
  });

  it('never follows symbolic links while walking', async () => {
    const outside = await temporaryDirectory();
    try {
      await writeTree(outside, { 'far.txt': 'needle far\n' });
      await writeTree(root, {
        'links/dir': { symlink: outside },
        'links/file.txt': { symlink: join(outside, 'far.txt') },
        'links/real.txt': 'needle\n',
      });
      expect(await harness.call('grep', { pattern: 'needle', path: 'links' })).toMatchObject({
        output: { matches: [{ file: 'links/real.txt', line: 1 }], filesSearched: 1 },
      });
    } finally {
      await removeDirectory(outside);
    }
  });

  it.skipIf(process.getuid?.() === 0)(
    'skips unreadable files without failing (skipped as root)',
    async () => {
      await writeTree(root, { 'locked/secret.txt': 'needle\n', 'locked/open.txt': 'needle\n' });
      await chmod(join(root, 'locked/secret.txt'), 0o000);
      expect(await harness.call('grep', { pattern: 'needle', path: 'locked' })).toMatchObject({
        output: { matches: [{ file: 'locked/open.txt', line: 1 }] },
      });
    },
  );

  it('fails with invalid_arguments for an invalid regex, quoting the regex error', async () => {
    const result = await harness.call('grep', { pattern: 'a[' });
    expect(result).toMatchObject({ status: 'failure', error: { code: 'invalid_arguments' } });
    expect((result as { error: { message: string } }).error.message).toMatch(
      /^pattern "a\[" is not a valid regular expression: .*(unclosed character class|Unterminated character class)/s,
    );
  });

  it('fails with invalid_arguments for a bad include glob', async () => {
    expect(await harness.call('grep', { pattern: 'x', include: '../*.ts' })).toEqual({
      status: 'failure',
      error: {
        code: 'invalid_arguments',
        message:
          'include "../*.ts" must be a positive glob relative to `path`, such as "*.ts" or "src/**/*.ts".',
      },
    });
  });

  it('fails with not_found for a missing path and path_outside_workspace for one outside', async () => {
    expect(await harness.call('grep', { pattern: 'x', path: 'nope' })).toEqual({
      status: 'failure',
      error: { code: 'not_found', message: 'Path "nope" does not exist. Use glob to find the right path.' },
    });
    expect(await harness.call('grep', { pattern: 'x', path: '../' })).toMatchObject({
      status: 'failure',
      error: { code: 'path_outside_workspace' },
    });
  });

  it('fails with aborted when the signal fires mid-search', async () => {
    for (let index = 0; index < 200; index++)
      await writeFile(join(root, `f${index}.txt`), 'needle\n'.repeat(50));
    const controller = new AbortController();
    const pending = harness.call('grep', { pattern: 'needle', maxResults: 1_000_000 }, controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ status: 'failure', error: { code: 'aborted' } });
  });

  it('refuses bad arguments of every kind with a failure', async () => {
    for (const args of [
      {},
      { pattern: '' },
      { pattern: 1 },
      { pattern: 'x', caseInsensitive: 'yes' },
      { pattern: 'x', maxResults: -1 },
      { pattern: 'x', include: '' },
      { pattern: 'x', inclde: '*.ts' },
      '{"pattern":',
    ]) {
      expect(await harness.call('grep', args)).toMatchObject({
        status: 'failure',
        error: { code: 'invalid_arguments' },
      });
    }
  });
});

describe('grep engine selection', () => {
  it('fails with search_engine_unavailable when ripgrep is required and absent', async () => {
    const root = await temporaryDirectory();
    try {
      const harness = createHarness({ root }, { engine: 'ripgrep', env: { PATH: '/nonexistent' } });
      expect(await harness.call('grep', { pattern: 'x' })).toEqual({
        status: 'failure',
        error: {
          code: 'search_engine_unavailable',
          message:
            'The ripgrep engine was configured but no `rg` was found on PATH; install ripgrep or use the node engine.',
        },
      });
    } finally {
      await removeDirectory(root);
    }
  });

  it('fails with io_error when the configured rg cannot run', async () => {
    const root = await temporaryDirectory();
    try {
      const harness = createHarness({ root }, { engine: 'ripgrep', ripgrepPath: join(root, 'no-such-rg') });
      expect(await harness.call('grep', { pattern: 'x' })).toEqual({
        status: 'failure',
        error: {
          code: 'io_error',
          message: `grep failed: could not run rg: spawn ${join(root, 'no-such-rg')} ENOENT`,
        },
      });
      expect(await harness.call('glob', { pattern: '*' })).toEqual({
        status: 'failure',
        error: {
          code: 'io_error',
          message: `glob failed: could not run rg: spawn ${join(root, 'no-such-rg')} ENOENT`,
        },
      });
    } finally {
      await removeDirectory(root);
    }
  });

  it('falls back to the Node engine when auto finds no rg', async () => {
    const root = await temporaryDirectory();
    try {
      await writeTree(root, { 'a.txt': 'needle\n' });
      const harness = createHarness({ root }, { env: { PATH: '/nonexistent' } });
      expect(await harness.call('grep', { pattern: 'needle' })).toMatchObject({
        output: { matches: [{ file: 'a.txt', line: 1, content: 'needle' }] },
      });
    } finally {
      await removeDirectory(root);
    }
  });
});

describe('grep (node engine) on a FIFO', () => {
  const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;
  it.skipIf(!hasMkfifo)(
    `skips a FIFO named as the path instead of blocking the process on it ${hasMkfifo ? '' : '(skipped: no mkfifo)'}`,
    async () => {
      const root = await temporaryDirectory();
      expect(spawnSync('mkfifo', [join(root, 'pipe')]).status).toBe(0);
      // Should grep read the FIFO, this writer ends the read after a few seconds and the test fails.
      const writer = spawn('sh', ['-c', 'sleep 3; printf "needle\\n" > "$0"', join(root, 'pipe')], {
        stdio: 'ignore',
      });
      try {
        const harness = createHarness({ root }, { engine: 'node' });
        expect(await harness.call('grep', { pattern: 'needle', path: 'pipe' })).toMatchObject({
          status: 'success',
          output: { matches: [] },
        });
      } finally {
        writer.kill('SIGKILL');
        await removeDirectory(root);
      }
    },
  );
});
