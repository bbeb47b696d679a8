import { spawnSync } from 'node:child_process';
import { mkdir, open, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createWorkspace } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { createFsTools } from '../create-fs-tools.js';
import { createFsKit } from '../test-support/fs-kit.js';

const NEVER = new AbortController().signal;

/** A read_file success: its output, and the display people see (the summary line, the text). */
function success(output: { content: string } & Record<string, unknown>, summary: string) {
  return { status: 'success', output, display: { summary, text: output.content } };
}

describe('read_file', () => {
  it('reads a whole file as lines joined with \\n, without a final newline', async () => {
    const t = await createFsKit();
    await t.write('src/a.txt', 'one\ntwo\nthree\n');
    expect(await t.call('read_file', { path: 'src/a.txt' })).toEqual(
      success(
        {
          path: 'src/a.txt',
          content: 'one\ntwo\nthree',
          startLine: 1,
          endLine: 3,
          truncated: false,
          hasMore: false,
        },
        'Read src/a.txt (lines 1–3)',
      ),
    );
  });

  it('reads a range and says whether lines remain after it', async () => {
    const t = await createFsKit();
    await t.write('a.txt', 'l1\nl2\nl3\nl4\n');
    expect(await t.call('read_file', { path: 'a.txt', startLine: 2, endLine: 3 })).toEqual(
      success(
        {
          path: 'a.txt',
          content: 'l2\nl3',
          startLine: 2,
          endLine: 3,
          truncated: false,
          hasMore: true,
        },
        'Read a.txt (lines 2–3); more lines after line 3 (use startLine)',
      ),
    );
    expect(await t.call('read_file', { path: 'a.txt', startLine: 3, endLine: 4 })).toEqual(
      success(
        {
          path: 'a.txt',
          content: 'l3\nl4',
          startLine: 3,
          endLine: 4,
          truncated: false,
          hasMore: false,
        },
        'Read a.txt (lines 3–4)',
      ),
    );
    expect(await t.call('read_file', { path: 'a.txt', startLine: 3, endLine: 99 })).toEqual(
      success(
        {
          path: 'a.txt',
          content: 'l3\nl4',
          startLine: 3,
          endLine: 4,
          truncated: false,
          hasMore: false,
        },
        'Read a.txt (lines 3–4)',
      ),
    );
  });

  it('accepts numbers sent as decimal text, as AI4J does', async () => {
    const t = await createFsKit();
    await t.write('a.txt', 'l1\nl2\nl3\n');
    expect(
      await t.call('read_file', { path: 'a.txt', startLine: '2', endLine: '2', maxChars: '50' }),
    ).toEqual(
      success(
        { path: 'a.txt', content: 'l2', startLine: 2, endLine: 2, truncated: false, hasMore: true },
        'Read a.txt (line 2); more lines after line 2 (use startLine)',
      ),
    );
  });

  it('returns empty content when startLine is past the end, and for an empty file', async () => {
    const t = await createFsKit();
    await t.write('a.txt', 'l1\nl2\n');
    await t.write('empty.txt', '');
    expect(await t.call('read_file', { path: 'a.txt', startLine: 5 })).toEqual(
      success(
        { path: 'a.txt', content: '', startLine: 5, endLine: 4, truncated: false, hasMore: false },
        'Read a.txt (no lines)',
      ),
    );
    expect(await t.call('read_file', { path: 'empty.txt' })).toEqual(
      success(
        { path: 'empty.txt', content: '', startLine: 1, endLine: 0, truncated: false, hasMore: false },
        'Read empty.txt (no lines)',
      ),
    );
  });

  it('cuts the content at maxChars and reports the line the cut fell in', async () => {
    const t = await createFsKit();
    await t.write('a.txt', 'abcd\nefgh\nijkl\n');
    expect(await t.call('read_file', { path: 'a.txt', maxChars: 7 })).toEqual(
      success(
        {
          path: 'a.txt',
          content: 'abcd\nef',
          startLine: 1,
          endLine: 2,
          truncated: true,
          hasMore: true,
        },
        'Read a.txt (lines 1–2); cut at maxChars; more lines after line 2 (use startLine)',
      ),
    );
  });

  it('uses defaultReadMaxChars when the call gives no maxChars', async () => {
    const t = await createFsKit({ defaultReadMaxChars: 3 });
    await t.write('a.txt', 'abcdef');
    expect(await t.call('read_file', { path: 'a.txt' })).toEqual(
      success(
        { path: 'a.txt', content: 'abc', startLine: 1, endLine: 1, truncated: true, hasMore: false },
        'Read a.txt (line 1); cut at maxChars',
      ),
    );
  });

  it('defaults maxChars to 12000', async () => {
    const t = await createFsKit();
    await t.write('a.txt', 'x'.repeat(12_001));
    const result = await t.call('read_file', { path: 'a.txt' });
    expect(result).toEqual(
      success(
        {
          path: 'a.txt',
          content: 'x'.repeat(12_000),
          startLine: 1,
          endLine: 1,
          truncated: true,
          hasMore: false,
        },
        'Read a.txt (line 1); cut at maxChars',
      ),
    );
  });

  it('strips a UTF-8 BOM and normalizes \\r\\n and \\r line ends', async () => {
    const t = await createFsKit();
    await t.write('a.txt', '\uFEFFone\r\ntwo\rthree');
    expect(await t.call('read_file', { path: 'a.txt' })).toEqual(
      success(
        {
          path: 'a.txt',
          content: 'one\ntwo\nthree',
          startLine: 1,
          endLine: 3,
          truncated: false,
          hasMore: false,
        },
        'Read a.txt (lines 1–3)',
      ),
    );
  });

  it('decodes invalid UTF-8 with replacement characters', async () => {
    const t = await createFsKit();
    await t.write('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0xff, 0x21]));
    expect(await t.call('read_file', { path: 'latin1.txt' })).toEqual(
      success(
        {
          path: 'latin1.txt',
          content: 'caf\uFFFD\n\uFFFD!',
          startLine: 1,
          endLine: 2,
          truncated: false,
          hasMore: false,
        },
        'Read latin1.txt (lines 1–2)',
      ),
    );
  });

  it('reads the first lines of a 2 GB file without loading it', async () => {
    const t = await createFsKit();
    const lines = Array.from({ length: 300 }, (_, index) => `line ${index + 1} ${'.'.repeat(60)}`);
    const path = await t.write('huge.log', lines.join('\n'));
    const handle = await open(path, 'r+');
    await handle.truncate(2 * 1024 ** 3);
    await handle.close();
    const result = await t.call('read_file', { path: 'huge.log', startLine: 199, endLine: 200 });
    expect(result).toEqual(
      success(
        {
          path: 'huge.log',
          content: `${lines[198]}\n${lines[199]}`,
          startLine: 199,
          endLine: 200,
          truncated: false,
          hasMore: true,
        },
        'Read huge.log (lines 199–200); more lines after line 200 (use startLine)',
      ),
    );
  });

  it('reads excluded paths by name and files in extra read roots', async () => {
    const t = await createFsKit({ readRoots: [] });
    await t.write('node_modules/pkg/index.js', 'x');
    expect(await t.call('read_file', { path: 'node_modules/pkg/index.js' })).toEqual(
      success(
        {
          path: 'node_modules/pkg/index.js',
          content: 'x',
          startLine: 1,
          endLine: 1,
          truncated: false,
          hasMore: false,
        },
        'Read node_modules/pkg/index.js (line 1)',
      ),
    );
    const withRoot = createFsTools({ workspace: createWorkspace({ root: t.root, readRoots: [t.outside] }) });
    const skill = join(t.outside, 'SKILL.md');
    await (await open(skill, 'w')).close();
    expect(
      await withRoot.read_file.execute({ path: skill }, { callId: 'c', signal: NEVER, plan: undefined }),
    ).toEqual(
      // Called directly, not through a surface: no display.
      {
        status: 'success',
        output: { path: skill, content: '', startLine: 1, endLine: 0, truncated: false, hasMore: false },
      },
    );
  });

  it('refuses a binary file, giving its size', async () => {
    const t = await createFsKit();
    await t.write('image.png', Buffer.concat([Buffer.from('\x89PNG\r\n'), Buffer.alloc(2000)]));
    expect(await t.call('read_file', { path: 'image.png' })).toEqual({
      status: 'failure',
      error: {
        code: 'binary_file',
        message:
          '"image.png" looks like a binary file (a NUL byte in its first 8 KiB; 2.0 KiB). read_file reads text only.',
        details: { path: 'image.png', size: 2007 },
      },
    });
  });

  it('reports a missing file with similarly named ones', async () => {
    const t = await createFsKit();
    await t.write('src/index.ts', '');
    await t.write('src/index.test.ts', '');
    await t.write('src/utils/a.ts', '');
    expect(await t.call('read_file', { path: 'src/indx.ts' })).toEqual({
      status: 'failure',
      error: {
        code: 'not_found',
        message: 'File not found: "src/indx.ts". Did you mean "src/index.ts"?',
        details: { path: 'src/indx.ts', suggestions: ['src/index.ts'] },
      },
    });
    expect(await t.call('read_file', { path: 'src/utlis/a.ts' })).toEqual({
      status: 'failure',
      error: {
        code: 'not_found',
        message: 'File not found: "src/utlis/a.ts". Did you mean "src/utils"?',
        details: { path: 'src/utlis/a.ts', suggestions: ['src/utils'] },
      },
    });
    expect(await t.call('read_file', { path: 'src/zzzzzzzz.md' })).toEqual({
      status: 'failure',
      error: {
        code: 'not_found',
        message:
          'File not found: "src/zzzzzzzz.md". Nothing in "src" has a similar name; use glob to find the file.',
        details: { path: 'src/zzzzzzzz.md', suggestions: [] },
      },
    });
  });

  it('never suggests names from outside through missing/.. and a link', async () => {
    const t = await createFsKit();
    await writeFile(join(t.outside, 'secret-plans.txt'), 'secret');
    await symlink('../outside', join(t.root, 'link'));
    expect(await t.call('read_file', { path: 'missing/../link/secret-plan.txt' })).toEqual({
      status: 'failure',
      error: {
        code: 'not_found',
        message: `Cannot resolve "missing/../link/secret-plan.txt": ${join(t.root, 'missing')} does not exist, so ".." after it leads nowhere.`,
      },
    });
  });

  it('refuses a directory and suggests glob', async () => {
    const t = await createFsKit();
    await mkdir(join(t.root, 'src'));
    expect(await t.call('read_file', { path: 'src' })).toEqual({
      status: 'failure',
      error: {
        code: 'is_directory',
        message: '"src" is a directory, not a file. Use glob with path "src" to list its files.',
        details: { path: 'src' },
      },
    });
  });

  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)(
    'refuses a FIFO instead of hanging on it',
    async () => {
      const t = await createFsKit();
      expect(spawnSync('mkfifo', [join(t.root, 'pipe')]).status).toBe(0);
      expect(await t.call('read_file', { path: 'pipe' })).toEqual({
        status: 'failure',
        error: {
          code: 'not_a_regular_file',
          message: '"pipe" is not a regular file (a FIFO, socket or device); read_file reads files only.',
          details: { path: 'pipe' },
        },
      });
    },
  );

  it('refuses a path outside the workspace', async () => {
    const t = await createFsKit();
    const result = await t.call('read_file', { path: '../outside/secret' });
    expect(result).toEqual({
      status: 'failure',
      error: {
        code: 'path_outside_workspace',
        message: `Path "../outside/secret" is outside the workspace (it leads to ${join(t.outside, 'secret')}). Use a path inside ${t.root}.`,
        details: {
          requestedPath: '../outside/secret',
          resolvedPath: join(t.outside, 'secret'),
          root: t.root,
        },
      },
    });
  });

  it.skipIf(process.platform !== 'linux')('reports an I/O error with the system message', async () => {
    const tools = createFsTools({
      workspace: createWorkspace({ root: '/proc/self', allowOutsideWorkspace: true }),
    });
    const result = await tools.read_file.execute(
      { path: '/proc/self/mem' },
      { callId: 'c', signal: NEVER, plan: undefined },
    );
    expect(result).toEqual({
      status: 'failure',
      error: {
        code: 'io_error',
        message: 'I/O error while reading "mem": EIO: i/o error',
        details: { path: 'mem', systemCode: 'EIO' },
      },
    });
  });

  it('refuses bad arguments of every kind with invalid_arguments, never a throw', async () => {
    const t = await createFsKit();
    await t.write('a.txt', 'x');
    const cases: [unknown, string][] = [
      [{}, '`path` is required (expected string)'],
      [{ path: '   ' }, '`path`: must not be empty; got string "   "'],
      [{ path: 5 }, '`path`: expected string, received number; got number 5'],
      [{ path: 'a.txt', startLine: -1 }, '`startLine`: must be 1 or more (lines are 1-based); got number -1'],
      [{ path: 'a.txt', startLine: 0 }, '`startLine`: must be 1 or more (lines are 1-based); got number 0'],
      [{ path: 'a.txt', endLine: 1.5 }, '`endLine`: expected int, received number; got number 1.5'],
      [
        { path: 'a.txt', startLine: 'two' },
        '`startLine`: expected number, received string; got string "two"',
      ],
      [{ path: 'a.txt', maxChars: 0 }, '`maxChars`: must be 1 or more; got number 0'],
      [{ path: 'a.txt', maxChars: 1e12 }, '`maxChars`: must be at most 10000000; got number 1000000000000'],
      [
        { path: 'a.txt', startLine: true },
        '`startLine`: expected number, received boolean; got boolean true',
      ],
      [
        { path: 'a.txt', lines: 3 },
        'unknown field `lines` (known fields: path, startLine, endLine, maxChars)',
      ],
      [
        { path: 'a.txt', startline: 3 },
        'unknown field `startline` — did you mean `startLine`? (known fields: path, startLine, endLine, maxChars)',
      ],
    ];
    for (const [args, problem] of cases) {
      expect(await t.call('read_file', args)).toEqual({
        status: 'failure',
        error: { code: 'invalid_arguments', message: `Invalid arguments for read_file: ${problem}.` },
      });
    }
    expect(await t.call('read_file', { path: 'a.txt', startLine: 3, endLine: 2 })).toEqual({
      status: 'failure',
      error: {
        code: 'invalid_arguments',
        message:
          'Invalid arguments for read_file: startLine (3) is after endLine (2); give startLine <= endLine.',
      },
    });
    expect(await t.call('read_file', '{"path": "a.txt"')).toMatchObject({
      status: 'failure',
      error: { code: 'invalid_arguments' },
    });
  });

  it('previews the read in preflight and checks the path again when it runs', async () => {
    const t = await createFsKit();
    await t.write('a.txt', 'x');
    const context = { callId: 'c', signal: NEVER };
    const prepared = await t.tools.read_file.prepare!({ path: 'a.txt', startLine: 2 }, context);
    expect(prepared).toEqual({
      status: 'ready',
      plan: { absolutePath: join(t.root, 'a.txt'), displayPath: 'a.txt' },
      preview: { lines: ['Read a.txt (lines 2-end)'], locations: ['a.txt'] },
    });
    await rm(join(t.root, 'a.txt'));
    await symlink(join(t.outside, 'x'), join(t.root, 'a.txt'));
    const result = await t.tools.read_file.execute(
      { path: 'a.txt' },
      { ...context, plan: prepared.status === 'ready' ? prepared.plan : undefined },
    );
    expect(result.status === 'failure' && result.error.code).toBe('path_outside_workspace');
  });
});
