import { lstat, mkdir, symlink, truncate } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createToolSurface, standardDecorators, type ToolResult } from '@toolgate/core';
import { createTempWorkspace, type TempWorkspace } from '@toolgate/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPatchTools } from '../create-patch-tools.js';
import { createFifo, FIFO_SKIP_REASON } from '../test-support/fifo.js';

let temp: TempWorkspace;
let run: (args: Record<string, unknown>) => Promise<ToolResult>;
beforeEach(async () => {
  temp = await createTempWorkspace();
  const tools = createPatchTools({ workspace: temp.workspace });
  const surface = createToolSurface({ tools: [tools.edit], decorators: standardDecorators() });
  run = (args) => surface.executor.execute({ id: 'e1', name: 'edit', arguments: args });
});
afterEach(async () => {
  await temp.cleanup();
});

const failure = (code: string, message: string, details?: unknown) => ({
  status: 'failure',
  error: details === undefined ? { code, message } : { code, message, details },
});

describe('edit', () => {
  it('replaces the single occurrence and reports it', async () => {
    await temp.write('a.txt', 'alpha beta gamma\n');
    expect(await run({ path: 'a.txt', old_string: 'beta', new_string: 'BETA' })).toEqual({
      status: 'success',
      output: { path: 'a.txt', resolvedPath: join(temp.root, 'a.txt'), replacements: 1, success: true },
      display: { summary: 'Edited a.txt (1 replacement)' },
      changes: [
        { path: join(temp.root, 'a.txt'), oldText: 'alpha beta gamma\n', newText: 'alpha BETA gamma\n' },
      ],
    });
    expect(await temp.read('a.txt')).toBe('alpha BETA gamma\n');
  });

  it('replaces every occurrence with replaceAll', async () => {
    await temp.write('a.txt', 'x x x\n');
    const result = await run({ path: 'a.txt', old_string: 'x', new_string: 'y', replaceAll: true });
    expect(result.status === 'success' && result.output).toMatchObject({ replacements: 3 });
    expect(await temp.read('a.txt')).toBe('y y y\n');
  });

  it('counts non-overlapping occurrences', async () => {
    await temp.write('a.txt', 'aaaa');
    const result = await run({ path: 'a.txt', old_string: 'aa', new_string: 'b', replaceAll: true });
    expect(result.status === 'success' && result.output).toMatchObject({ replacements: 2 });
    expect(await temp.read('a.txt')).toBe('bb');
  });

  it.each(['$&', '$`', "$'", '$1$2', '$$', '$<name>'])('inserts %s literally', async (pattern) => {
    await temp.write('a.txt', 'price: X\n');
    await run({ path: 'a.txt', old_string: 'X', new_string: pattern });
    expect(await temp.read('a.txt')).toBe(`price: ${pattern}\n`);
  });

  it('matches an LF old_string in a CRLF file and keeps the file CRLF, new lines included', async () => {
    await temp.write('w.txt', 'one\r\ntwo\r\nthree\r\n');
    await run({ path: 'w.txt', old_string: 'one\ntwo', new_string: 'uno\ndos\ndos-bis' });
    expect(await temp.read('w.txt')).toBe('uno\r\ndos\r\ndos-bis\r\nthree\r\n');
  });

  it('keeps an LF file LF when old_string and new_string come with CRLF', async () => {
    await temp.write('l.txt', 'one\ntwo\n');
    await run({ path: 'l.txt', old_string: 'one\r\ntwo', new_string: 'a\r\nb' });
    expect(await temp.read('l.txt')).toBe('a\nb\n');
  });

  it('keeps a byte order mark, also when the first line is edited', async () => {
    await temp.write('b.txt', '\uFEFFfirst\nsecond\n');
    await run({ path: 'b.txt', old_string: 'first', new_string: 'premier' });
    expect((await temp.readBytes('b.txt')).toString('utf8')).toBe('\uFEFFpremier\nsecond\n');
  });

  it('edit_no_match says where a whitespace-insensitive match is and how it differs', async () => {
    await temp.write('c.ts', 'function a() {\n    return 1;\n}\n');
    expect(
      await run({ path: 'c.ts', old_string: 'function a() {\n  return 1;\n}', new_string: 'x' }),
    ).toEqual(
      failure(
        'edit_no_match',
        'old_string not found in file: c.ts. Ensure whitespace and indentation match exactly. A similar text is at line 1, differing in indentation or surrounding whitespace:\n1| function a() {\n2|     return 1;\n3| }\nCopy the text exactly as the file has it (re-read the file if unsure).',
        { path: 'c.ts' },
      ),
    );
  });

  it('edit_no_match says when only typographic punctuation differs', async () => {
    await temp.write('q.md', 'He said “hello” — twice.\n');
    const result = await run({ path: 'q.md', old_string: 'said "hello" - twice', new_string: 'x' });
    expect(result.status === 'failure' && result.error.message).toBe(
      'old_string not found in file: q.md. Ensure whitespace and indentation match exactly. A similar text is at line 1, differing in typographic punctuation (quotes, dashes or non-breaking spaces):\n1| He said “hello” — twice.\nCopy the text exactly as the file has it (re-read the file if unsure).',
    );
  });

  it('edit_no_match points at the closest region when nothing similar exists', async () => {
    await temp.write('c.txt', 'alpha\nbeta\ngamma\n');
    const result = await run({ path: 'c.txt', old_string: 'betta', new_string: 'x' });
    expect(result.status === 'failure' && result.error.message).toBe(
      'old_string not found in file: c.txt. Ensure whitespace and indentation match exactly. The closest text is at line 2:\n2| beta\nRe-read the file and copy old_string from it exactly.',
    );
  });

  it('edit_ambiguous_match gives the count and the line numbers', async () => {
    await temp.write('d.txt', 'x = 1\ny\nx = 1\nz\nx = 1\n');
    expect(await run({ path: 'd.txt', old_string: 'x = 1', new_string: 'x = 2' })).toEqual(
      failure(
        'edit_ambiguous_match',
        'old_string is not unique — found 3 occurrences in d.txt (lines 1, 3, 5). Provide more surrounding context to make it unique, or set replaceAll=true.',
        { path: 'd.txt', occurrences: 3, lines: [1, 3, 5] },
      ),
    );
    expect(await temp.read('d.txt')).toBe('x = 1\ny\nx = 1\nz\nx = 1\n');
  });

  it('checks in order: empty old_string first, then identical strings, then the path', async () => {
    expect(await run({ path: '../outside', old_string: '', new_string: '' })).toEqual(
      failure(
        'invalid_arguments',
        'old_string is required and must not be empty. To create a file or replace its whole content, use write_file.',
      ),
    );
    expect(await run({ path: '../outside', old_string: 'a', new_string: 'a' })).toEqual(
      failure('invalid_arguments', 'old_string and new_string are identical; nothing to change.'),
    );
    expect(await run({ path: '   ', old_string: 'a', new_string: 'b' })).toEqual(
      failure('invalid_arguments', 'path is required: name the file to edit.'),
    );
  });

  it('not_found for a missing file', async () => {
    expect(await run({ path: 'missing.txt', old_string: 'a', new_string: 'b' })).toEqual(
      failure('not_found', 'File does not exist: missing.txt. To create it, use write_file.', {
        path: 'missing.txt',
      }),
    );
  });

  it('is_directory for a directory', async () => {
    await mkdir(join(temp.root, 'dir'));
    expect(await run({ path: 'dir', old_string: 'a', new_string: 'b' })).toEqual(
      failure('is_directory', 'Target is a directory: dir. edit changes files only.', { path: 'dir' }),
    );
  });

  it('binary_file for binary and non-UTF-8 files, which stay untouched', async () => {
    await temp.write('b.bin', Buffer.from([0x61, 0x00, 0x62]));
    expect(await run({ path: 'b.bin', old_string: 'a', new_string: 'c' })).toEqual(
      failure('binary_file', 'b.bin is binary or not UTF-8 text; edit never rewrites such files.', {
        path: 'b.bin',
      }),
    );
    await temp.write('l.txt', Buffer.from([0xe9, 0x61]));
    const result = await run({ path: 'l.txt', old_string: 'a', new_string: 'c' });
    expect(result.status === 'failure' && result.error.code).toBe('binary_file');
    expect((await temp.readBytes('l.txt')).toString('hex')).toBe('e961');
  });

  it('path_outside_workspace and path_protected come from the workspace', async () => {
    const outside = await run({ path: '../x.txt', old_string: 'a', new_string: 'b' });
    expect(outside.status === 'failure' && outside.error.code).toBe('path_outside_workspace');
    await symlink('/etc', join(temp.root, 'etc'));
    const throughLink = await run({ path: 'etc/hostname', old_string: 'a', new_string: 'b' });
    expect(throughLink.status === 'failure' && throughLink.error.code).toBe('path_outside_workspace');
    const protectedPath = await run({ path: '.git/config', old_string: 'a', new_string: 'b' });
    expect(protectedPath.status === 'failure' && protectedPath.error.code).toBe('path_protected');
  });

  it('refuses a socket as not a regular file', async () => {
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(temp.root, 'sock'), done));
    try {
      expect(await run({ path: 'sock', old_string: 'a', new_string: 'b' })).toEqual(
        failure(
          'not_a_regular_file',
          'sock is not a regular file (a FIFO, socket or device); edit changes regular files only.',
          { path: 'sock' },
        ),
      );
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it.skipIf(FIFO_SKIP_REASON !== undefined)(
    `refuses a FIFO without waiting for a writer, and leaves it a FIFO ${FIFO_SKIP_REASON ?? ''}`,
    async () => {
      const fifo = createFifo(join(temp.root, 'pipe'), 'a\n');
      try {
        expect(await run({ path: 'pipe', old_string: 'a', new_string: 'b' })).toEqual(
          failure(
            'not_a_regular_file',
            'pipe is not a regular file (a FIFO, socket or device); edit changes regular files only.',
            { path: 'pipe' },
          ),
        );
        expect((await lstat(join(temp.root, 'pipe'))).isFIFO()).toBe(true);
      } finally {
        fifo.release();
      }
    },
  );

  it('says a file over the size limit is too large, with the limit, instead of calling it binary', async () => {
    // Sparse: 1.2 GB long without 1.2 GB on disk or in memory.
    await temp.write('huge.txt', 'x');
    await truncate(join(temp.root, 'huge.txt'), 1_200_000_000);
    expect(await run({ path: 'huge.txt', old_string: 'x', new_string: 'y' })).toEqual(
      failure(
        'file_too_large',
        'huge.txt is 1200000000 bytes; edit works on files up to 256 MiB (268435456 bytes), since it holds the whole file in memory to rewrite it atomically. Change a file this large with bash (sed, a script).',
        { path: 'huge.txt', size: 1_200_000_000, limit: 268_435_456 },
      ),
    );
    expect((await lstat(join(temp.root, 'huge.txt'))).size).toBe(1_200_000_000);
  });

  it('bad arguments of every kind give invalid_arguments, never a throw', async () => {
    for (const args of [
      {},
      { path: 'a.txt' },
      { path: 7, old_string: 'a', new_string: 'b' },
      { path: 'a.txt', old_string: 'a', new_string: 'b', replaceAll: 'yes' },
      { path: 'a.txt', old_string: 'a', new_string: 'b', replace_all: true },
      { path: 'a\0b', old_string: 'a', new_string: 'b' },
    ]) {
      const result = await run(args);
      expect(result.status === 'failure' && result.error.code).toBe('invalid_arguments');
    }
  });

  it('serializes parallel edits to one file, losing none', async () => {
    await temp.write('p.txt', 'a b c d e f\n');
    const results = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) =>
        run({ path: 'p.txt', old_string: letter, new_string: letter.toUpperCase() }),
      ),
    );
    expect(results.every((result) => result.status === 'success')).toBe(true);
    expect(await temp.read('p.txt')).toBe('A B C D E F\n');
  });
});
