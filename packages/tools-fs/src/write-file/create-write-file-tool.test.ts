import { spawnSync } from 'node:child_process';
import {
  chmod,
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFsKit } from '../test-support/fs-kit.js';

const NEVER = new AbortController().signal;

describe('write_file', () => {
  it('overwrites by default and creates missing parent directories', async () => {
    const t = await createFsKit();
    expect(await t.call('write_file', { path: 'src/deep/a.txt', content: 'héllo\n' })).toEqual({
      status: 'success',
      output: {
        path: 'src/deep/a.txt',
        resolvedPath: join(t.root, 'src/deep/a.txt'),
        mode: 'overwrite',
        created: true,
        appended: false,
        bytesWritten: 7,
      },
      display: { summary: 'Created src/deep/a.txt (7 bytes)' },
      changes: [{ path: join(t.root, 'src/deep/a.txt'), oldText: null, newText: 'héllo\n' }],
    });
    expect(
      await t.call('write_file', { path: ' src/deep/a.txt ', content: 'bye\n', mode: ' OverWrite ' }),
    ).toEqual({
      status: 'success',
      output: {
        path: 'src/deep/a.txt',
        resolvedPath: join(t.root, 'src/deep/a.txt'),
        mode: 'overwrite',
        created: false,
        appended: false,
        bytesWritten: 4,
      },
      display: { summary: 'Overwrote src/deep/a.txt (4 bytes)' },
      changes: [{ path: join(t.root, 'src/deep/a.txt'), oldText: 'héllo\n', newText: 'bye\n' }],
    });
    expect(await readFile(join(t.root, 'src/deep/a.txt'), 'utf8')).toBe('bye\n');
    expect(await readdir(join(t.root, 'src/deep'))).toEqual(['a.txt']);
  });

  it('creates a new file and refuses to create one that exists', async () => {
    const t = await createFsKit();
    expect(await t.call('write_file', { path: 'new.txt', content: 'one', mode: 'create' })).toEqual({
      status: 'success',
      output: {
        path: 'new.txt',
        resolvedPath: join(t.root, 'new.txt'),
        mode: 'create',
        created: true,
        appended: false,
        bytesWritten: 3,
      },
      display: { summary: 'Created new.txt (3 bytes)' },
      changes: [{ path: join(t.root, 'new.txt'), oldText: null, newText: 'one' }],
    });
    expect(await t.call('write_file', { path: 'new.txt', content: 'two', mode: 'CREATE' })).toEqual({
      status: 'failure',
      error: {
        code: 'already_exists',
        message:
          '"new.txt" already exists and mode "create" never replaces a file. Use mode "overwrite" to replace it, or edit to change part of it.',
        details: { path: 'new.txt' },
      },
    });
    expect(await readFile(join(t.root, 'new.txt'), 'utf8')).toBe('one');
    expect(await readdir(t.root)).toEqual(['new.txt']);
  });

  it('creates atomically: of many parallel creates exactly one wins', async () => {
    const t = await createFsKit();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.call('write_file', { path: 'race.txt', content: `writer ${index}`, mode: 'create' }),
      ),
    );
    const winners = results.filter((result) => result.status === 'success');
    expect(winners).toHaveLength(1);
    expect(
      results.filter((result) => result.status === 'failure' && result.error.code === 'already_exists'),
    ).toHaveLength(19);
    expect(await readFile(join(t.root, 'race.txt'), 'utf8')).toMatch(/^writer \d+$/);
    expect(await readdir(t.root)).toEqual(['race.txt']);
  });

  it('appends without adding a newline, creating the file when missing', async () => {
    const t = await createFsKit();
    expect(await t.call('write_file', { path: 'log.txt', content: 'a', mode: 'append' })).toEqual({
      status: 'success',
      output: {
        path: 'log.txt',
        resolvedPath: join(t.root, 'log.txt'),
        mode: 'append',
        created: true,
        appended: true,
        bytesWritten: 1,
      },
      display: { summary: 'Appended to log.txt (1 bytes)' },
      changes: [{ path: join(t.root, 'log.txt'), oldText: null, newText: 'a' }],
    });
    await t.call('write_file', { path: 'log.txt', content: 'b\n', mode: 'Append' });
    expect(await readFile(join(t.root, 'log.txt'), 'utf8')).toBe('ab\n');
  });

  it('serializes writes to one path: 100 parallel appends leave exactly 100 lines', async () => {
    const t = await createFsKit();
    const lines = Array.from({ length: 100 }, (_, index) => `line ${index}: ${'x'.repeat(index * 50)}\n`);
    const results = await Promise.all(
      lines.map((content) => t.call('write_file', { path: 'log.txt', content, mode: 'append' })),
    );
    expect(results.every((result) => result.status === 'success')).toBe(true);
    const written = (await readFile(join(t.root, 'log.txt'), 'utf8')).split('\n').filter(Boolean).sort();
    expect(written).toEqual(lines.map((line) => line.slice(0, -1)).sort());
  });

  it('never appends into a file with other hard links: the link is broken by an atomic replace', async () => {
    const t = await createFsKit();
    const secret = join(t.outside, 'secret.txt');
    await writeFile(secret, 'outside\n');
    await chmod(secret, 0o640);
    await link(secret, join(t.root, 'linked.txt'));
    expect(
      await t.call('write_file', { path: 'linked.txt', content: 'more\n', mode: 'append' }),
    ).toMatchObject({
      status: 'success',
      output: { mode: 'append', appended: true, created: false, bytesWritten: 5 },
    });
    expect(await readFile(secret, 'utf8')).toBe('outside\n');
    expect(await readFile(join(t.root, 'linked.txt'), 'utf8')).toBe('outside\nmore\n');
    const stats = await stat(join(t.root, 'linked.txt'));
    expect([stats.nlink, stats.mode & 0o777]).toEqual([1, 0o640]);
    expect(await readdir(t.root)).toEqual(['linked.txt']);
  });

  it('keeps the mode bits when overwriting', async () => {
    const t = await createFsKit();
    const path = await t.write('run.sh', '#!/bin/sh\n');
    await chmod(path, 0o750);
    await t.call('write_file', { path: 'run.sh', content: '#!/bin/sh\necho hi\n' });
    expect((await stat(path)).mode & 0o777).toBe(0o750);
    expect(await readFile(path, 'utf8')).toBe('#!/bin/sh\necho hi\n');
  });

  it('replaces the target of a symlink inside the workspace and leaves the link a link', async () => {
    const t = await createFsKit();
    await t.write('real/config.json', '{}');
    await symlink('real/config.json', join(t.root, 'config.json'));
    expect(await t.call('write_file', { path: 'config.json', content: '{"a":1}' })).toEqual({
      status: 'success',
      output: {
        path: 'config.json',
        resolvedPath: join(t.root, 'real/config.json'),
        mode: 'overwrite',
        created: false,
        appended: false,
        bytesWritten: 7,
      },
      display: { summary: 'Overwrote config.json (7 bytes)' },
      changes: [{ path: join(t.root, 'real/config.json'), oldText: '{}', newText: '{"a":1}' }],
    });
    expect((await lstat(join(t.root, 'config.json'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(t.root, 'config.json'))).toBe('real/config.json');
    expect(await readFile(join(t.root, 'real/config.json'), 'utf8')).toBe('{"a":1}');
    expect(await readdir(join(t.root, 'real'))).toEqual(['config.json']);
  });

  it('writes a file whose name is near the 255-byte limit, in every mode', async () => {
    const t = await createFsKit();
    const name = `${'é'.repeat(120)}.txt`;
    for (const mode of ['create', 'overwrite', 'append']) {
      const result = await t.call('write_file', { path: name, content: mode, mode });
      expect(result.status).toBe('success');
    }
    expect(await readFile(join(t.root, name), 'utf8')).toBe('overwriteappend');
    expect(await readdir(t.root)).toEqual([name]);
  });

  it('refuses a directory target', async () => {
    const t = await createFsKit();
    await mkdir(join(t.root, 'src'));
    for (const mode of ['create', 'overwrite', 'append']) {
      expect(await t.call('write_file', { path: 'src', content: 'x', mode })).toEqual({
        status: 'failure',
        error: {
          code: 'is_directory',
          message: '"src" is a directory; write_file writes files. Give a file path inside it.',
          details: { path: 'src' },
        },
      });
    }
  });

  it('refuses a path under a file', async () => {
    const t = await createFsKit();
    await t.write('file.txt', 'x');
    const result = await t.call('write_file', { path: 'file.txt/inner.txt', content: 'x' });
    expect(result).toEqual({
      status: 'failure',
      error: {
        code: 'not_a_directory',
        message: `Cannot resolve "file.txt/inner.txt": ${t.root}/file.txt is not a directory.`,
      },
    });
  });

  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)('refuses a FIFO target', async () => {
    const t = await createFsKit();
    expect(spawnSync('mkfifo', [join(t.root, 'pipe')]).status).toBe(0);
    expect(await t.call('write_file', { path: 'pipe', content: 'x' })).toEqual({
      status: 'failure',
      error: {
        code: 'not_a_regular_file',
        message: '"pipe" is not a regular file (a FIFO, socket or device); write_file writes files only.',
        details: { path: 'pipe' },
      },
    });
  });

  it('refuses protected paths and creates nothing', async () => {
    const t = await createFsKit();
    for (const path of ['.git/hooks/pre-commit', 'node_modules/x/index.js', 'a/.ssh/id']) {
      const result = await t.call('write_file', { path, content: 'x' });
      expect(result.status === 'failure' && result.error.code).toBe('path_protected');
    }
    expect(await readdir(t.root)).toEqual([]);
  });

  it('refuses bad arguments of every kind with invalid_arguments, never a throw', async () => {
    const t = await createFsKit();
    const cases: [unknown, string][] = [
      [{ content: 'x' }, '`path` is required (expected string)'],
      [{ path: 'a.txt' }, '`content` is required (expected string)'],
      [{ path: '', content: 'x' }, '`path`: must not be empty; got string ""'],
      [{ path: 'a.txt', content: 42 }, '`content`: expected string, received number; got number 42'],
      [
        { path: 'a.txt', content: 'x', mode: 'replace' },
        '`mode` must be one of "create", "overwrite", "append"; got string "replace"',
      ],
      [
        { path: 'a.txt', content: 'x', mode: 1 },
        '`mode` must be one of "create", "overwrite", "append"; got number 1',
      ],
      [
        { path: 'a.txt', contents: 'x' },
        'unknown field `contents` — did you mean `content`? (known fields: path, content, mode); `content` is required (expected string)',
      ],
    ];
    for (const [args, problem] of cases) {
      expect(await t.call('write_file', args)).toEqual({
        status: 'failure',
        error: { code: 'invalid_arguments', message: `Invalid arguments for write_file: ${problem}.` },
      });
    }
    expect(await t.call('write_file', { path: 'a\0b', content: 'x' })).toEqual({
      status: 'failure',
      error: { code: 'invalid_arguments', message: 'Path "a\\u0000b" contains a NUL byte; remove it.' },
    });
    expect(await readdir(t.root)).toEqual([]);
  });

  it('shows the change as a unified diff and the whole file before and after in preflight', async () => {
    const t = await createFsKit();
    await t.write('a.txt', 'one\ntwo\n');
    const context = { callId: 'c', signal: NEVER };
    expect(await t.tools.write_file.prepare!({ path: 'a.txt', content: 'one\n2\n' }, context)).toEqual({
      status: 'ready',
      plan: { absolutePath: join(t.root, 'a.txt'), displayPath: 'a.txt', existed: true },
      preview: {
        lines: ['Overwrite a.txt (6 bytes)'],
        locations: ['a.txt'],
        remember: { key: 'a.txt', label: 'always for edits with write_file to a.txt' },
        diff: '--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n',
        files: [{ path: join(t.root, 'a.txt'), oldText: 'one\ntwo\n', newText: 'one\n2\n' }],
      },
    });
    expect(
      await t.tools.write_file.prepare!({ path: 'a.txt', content: 'three\n', mode: 'append' }, context),
    ).toEqual({
      status: 'ready',
      plan: { absolutePath: join(t.root, 'a.txt'), displayPath: 'a.txt', existed: true },
      preview: {
        lines: ['Append to a.txt (6 bytes)'],
        locations: ['a.txt'],
        remember: { key: 'a.txt', label: 'always for edits with write_file to a.txt' },
        diff: '--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,3 @@\n one\n two\n+three\n',
        files: [{ path: join(t.root, 'a.txt'), oldText: 'one\ntwo\n', newText: 'one\ntwo\nthree\n' }],
      },
    });
    expect(
      await t.tools.write_file.prepare!({ path: 'b/new.txt', content: 'x\n', mode: 'append' }, context),
    ).toEqual({
      status: 'ready',
      plan: { absolutePath: join(t.root, 'b/new.txt'), displayPath: 'b/new.txt', existed: false },
      preview: {
        lines: ['Create b/new.txt (2 bytes)'],
        locations: ['b/new.txt'],
        remember: { key: 'b/new.txt', label: 'always for edits with write_file to b/new.txt' },
        diff: '--- /dev/null\n+++ b/b/new.txt\n@@ -0,0 +1,1 @@\n+x\n',
        files: [{ path: join(t.root, 'b/new.txt'), oldText: null, newText: 'x\n' }],
      },
    });
    expect(await t.tools.write_file.prepare!({ path: 'a.txt', content: 'one\ntwo\n' }, context)).toEqual({
      status: 'ready',
      plan: { absolutePath: join(t.root, 'a.txt'), displayPath: 'a.txt', existed: true },
      preview: {
        lines: ['Overwrite a.txt (8 bytes)', 'no change to the content'],
        locations: ['a.txt'],
        remember: { key: 'a.txt', label: 'always for edits with write_file to a.txt' },
        files: [{ path: join(t.root, 'a.txt'), oldText: 'one\ntwo\n', newText: 'one\ntwo\n' }],
      },
    });
    expect(await readdir(t.root)).toEqual(['a.txt']);
  });

  it('leaves the diff and the whole files out for huge or binary contents', async () => {
    const t = await createFsKit();
    await t.write('big.txt', 'x\n'.repeat(600_000));
    await t.write('blob.bin', Buffer.from([1, 0, 2]));
    const context = { callId: 'c', signal: NEVER };
    const big = await t.tools.write_file.prepare!({ path: 'big.txt', content: 'y\n' }, context);
    expect(big.status === 'ready' && big.preview).toEqual({
      lines: ['Overwrite big.txt (2 bytes)', 'diff omitted: the current file is 1.1 MiB'],
      locations: ['big.txt'],
      remember: { key: 'big.txt', label: 'always for edits with write_file to big.txt' },
    });
    const huge = await t.tools.write_file.prepare!(
      { path: 'new.txt', content: 'z'.repeat(2 * 1024 * 1024) },
      context,
    );
    expect(huge.status === 'ready' && huge.preview).toEqual({
      lines: ['Create new.txt (2.0 MiB)', 'diff omitted: the new content is 2.0 MiB'],
      locations: ['new.txt'],
      remember: { key: 'new.txt', label: 'always for edits with write_file to new.txt' },
    });
    const blob = await t.tools.write_file.prepare!({ path: 'blob.bin', content: 'text' }, context);
    expect(blob.status === 'ready' && blob.preview).toEqual({
      lines: ['Overwrite blob.bin (4 bytes)', 'diff omitted: the current file is binary'],
      locations: ['blob.bin'],
      remember: { key: 'blob.bin', label: 'always for edits with write_file to blob.bin' },
    });
  });

  it('refuses to write when the path leads elsewhere than preflight resolved', async () => {
    const t = await createFsKit();
    await mkdir(join(t.root, 'dir'));
    await mkdir(join(t.root, 'other'));
    const context = { callId: 'c', signal: NEVER };
    const input = { path: 'dir/a.txt', content: 'x' };
    const prepared = await t.tools.write_file.prepare!(input, context);
    if (prepared.status !== 'ready') throw new Error('expected ready');
    await rm(join(t.root, 'dir'), { recursive: true });
    await symlink('other', join(t.root, 'dir'));
    expect(await t.tools.write_file.execute(input, { ...context, plan: prepared.plan })).toEqual({
      status: 'failure',
      error: {
        code: 'precondition_changed',
        message: `"dir/a.txt" now leads to ${join(t.root, 'other/a.txt')}, not ${join(t.root, 'dir/a.txt')} as when the call was checked; nothing was written. Retry the call.`,
        details: {
          path: 'other/a.txt',
          planned: join(t.root, 'dir/a.txt'),
          now: join(t.root, 'other/a.txt'),
        },
      },
    });
    await rm(join(t.root, 'dir'));
    await symlink(t.outside, join(t.root, 'dir'));
    const outside = await t.tools.write_file.execute(input, { ...context, plan: prepared.plan });
    expect(outside.status === 'failure' && outside.error.code).toBe('path_outside_workspace');
    expect(await readdir(join(t.root, 'other'))).toEqual([]);
    expect(await readdir(t.outside)).toEqual([]);
  });

  it('runs without a plan when called directly, and stops on an aborted signal', async () => {
    const t = await createFsKit();
    const controller = new AbortController();
    controller.abort();
    expect(
      await t.tools.write_file.execute(
        { path: 'a.txt', content: 'x' },
        { callId: 'c', signal: controller.signal, plan: undefined },
      ),
    ).toEqual({
      status: 'failure',
      error: { code: 'aborted', message: 'write_file was cancelled before it wrote anything.' },
    });
    expect(
      await t.tools.write_file.execute(
        { path: 'a.txt', content: 'x' },
        { callId: 'c', signal: NEVER, plan: undefined },
      ),
    ).toMatchObject({ status: 'success', output: { created: true } });
  });
});
