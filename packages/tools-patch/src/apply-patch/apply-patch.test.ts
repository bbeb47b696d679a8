import { chmod, mkdir, readlink, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createTempWorkspace, type TempWorkspace } from '@toolgate/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFifo, FIFO_SKIP_REASON } from '../test-support/fifo.js';
import { applyPatch } from './apply-patch.js';
import { planPatch } from './plan-patch.js';

const patch = (...lines: string[]): string => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');

let temp: TempWorkspace;
beforeEach(async () => {
  temp = await createTempWorkspace();
});
afterEach(async () => {
  await temp.cleanup();
});

describe('applyPatch: content', () => {
  it('adds, updates and deletes in one call and reports each operation', async () => {
    await temp.write('modify.txt', 'line1\nline2\nline3\n');
    await temp.write('delete.txt', 'a\nb\n');
    const result = await applyPatch(
      temp.workspace,
      patch(
        '*** Add File: nested/new.txt',
        '+created',
        '*** Delete File: delete.txt',
        '*** Update File: modify.txt',
        '@@',
        ' line1',
        '-line2',
        '+changed',
      ),
    );
    expect(result).toEqual({
      status: 'success',
      output: {
        operationsApplied: 3,
        filesChanged: 3,
        changedFiles: ['nested/new.txt', 'delete.txt', 'modify.txt'],
        fileChanges: [
          { path: 'nested/new.txt', operation: 'add', linesAdded: 1, linesRemoved: 0 },
          { path: 'delete.txt', operation: 'delete', linesAdded: 0, linesRemoved: 2 },
          { path: 'modify.txt', operation: 'update', linesAdded: 1, linesRemoved: 1 },
        ],
      },
    });
    expect(await temp.tree()).toEqual({
      'modify.txt': 'line1\nchanged\nline3\n',
      nested: '<dir>',
      'nested/new.txt': 'created\n',
    });
  });

  it('keeps CRLF line endings: context keeps its bytes and inserted lines take CRLF', async () => {
    await temp.write('win.txt', 'one\r\ntwo\r\nthree\r\n');
    await applyPatch(temp.workspace, patch('*** Update File: win.txt', '@@', ' one', '-two', '+TWO', '+2b'));
    expect(await temp.read('win.txt')).toBe('one\r\nTWO\r\n2b\r\nthree\r\n');
  });

  it('gives inserted lines the majority ending of a mixed file, and LF on a tie', async () => {
    await temp.write('mixed.txt', 'a\r\nb\r\nc\n');
    await temp.write('tie.txt', 'a\r\nb\n');
    await applyPatch(
      temp.workspace,
      patch('*** Update File: mixed.txt', '-c', '+c', '+d', '*** Update File: tie.txt', '-b', '+b', '+x'),
    );
    expect(await temp.read('mixed.txt')).toBe('a\r\nb\r\nc\r\nd\r\n');
    expect(await temp.read('tie.txt')).toBe('a\r\nb\nx\n');
  });

  it('keeps a UTF-8 byte order mark', async () => {
    await temp.write('bom.txt', '\uFEFFfirst\nsecond\n');
    await applyPatch(temp.workspace, patch('*** Update File: bom.txt', '-first', '+premier'));
    expect((await temp.readBytes('bom.txt')).toString('hex')).toBe(
      Buffer.from('\uFEFFpremier\nsecond\n', 'utf8').toString('hex'),
    );
  });

  it('leaves a file without a final newline without one, also when lines are appended', async () => {
    await temp.write('a.txt', 'no newline at end');
    await temp.write('b.txt', 'x\ny');
    await applyPatch(
      temp.workspace,
      patch(
        '*** Update File: a.txt',
        '-no newline at end',
        '+first line',
        '+second line',
        '*** Update File: b.txt',
        '@@',
        '+z',
      ),
    );
    expect(await temp.read('a.txt')).toBe('first line\nsecond line');
    expect(await temp.read('b.txt')).toBe('x\ny\nz');
  });

  it("keeps the file's own bytes on context lines matched loosely (trailing spaces, typographic punctuation)", async () => {
    await temp.write('t.txt', 'say “hi” — now   \nold\nend\u00A0\n');
    await applyPatch(
      temp.workspace,
      patch('*** Update File: t.txt', ' say "hi" - now', '-old', '+new', ' end '),
    );
    expect(await temp.read('t.txt')).toBe('say “hi” — now   \nnew\nend\u00A0\n');
  });

  it('prefers an exact match later in the file over a loose match earlier', async () => {
    await temp.write('t.txt', 'x = 1  \nx = 1\n');
    await applyPatch(temp.workspace, patch('*** Update File: t.txt', '-x = 1', '+x = 2'));
    expect(await temp.read('t.txt')).toBe('x = 1  \nx = 2\n');
  });

  it('matches Unicode canonical equivalents (NFC and NFD)', async () => {
    await temp.write('u.txt', 'cafe\u0301\n');
    await applyPatch(temp.workspace, patch('*** Update File: u.txt', '-caf\u00e9', '+tea'));
    expect(await temp.read('u.txt')).toBe('tea\n');
  });

  it('inserts a pure-addition hunk right after its @@ context line, and at the end without one', async () => {
    await temp.write('a.py', 'class A:\n    pass\nclass B:\n    pass\n');
    await temp.write('b.txt', 'line1\nline2\n');
    await applyPatch(
      temp.workspace,
      patch('*** Update File: a.py', '@@ class B:', '+    x = 1', '*** Update File: b.txt', '@@', '+added'),
    );
    expect(await temp.read('a.py')).toBe('class A:\n    pass\nclass B:\n    x = 1\n    pass\n');
    expect(await temp.read('b.txt')).toBe('line1\nline2\nadded\n');
  });

  it('uses @@ context to pick the right one of several identical blocks', async () => {
    await temp.write('f.py', 'def a():\n    x = 10\ndef b():\n    x = 10\n');
    await applyPatch(
      temp.workspace,
      patch('*** Update File: f.py', '@@ def b():', '-    x = 10', '+    x = 11'),
    );
    expect(await temp.read('f.py')).toBe('def a():\n    x = 10\ndef b():\n    x = 11\n');
  });

  it('narrows with stacked @@ anchors', async () => {
    await temp.write(
      'f.py',
      'class A:\n    def m(self):\n        return 0\nclass B:\n    def m(self):\n        return 0\n',
    );
    await applyPatch(
      temp.workspace,
      patch(
        '*** Update File: f.py',
        '@@ class B:',
        '@@     def m(self):',
        '-        return 0',
        '+        return 1',
      ),
    );
    expect(await temp.read('f.py')).toBe(
      'class A:\n    def m(self):\n        return 0\nclass B:\n    def m(self):\n        return 1\n',
    );
  });

  it('anchors an End of File hunk at the last lines, choosing the last of duplicates', async () => {
    await temp.write('t.txt', 'end\nmiddle\nend\n');
    await applyPatch(temp.workspace, patch('*** Update File: t.txt', '-end', '+END', '*** End of File'));
    expect(await temp.read('t.txt')).toBe('end\nmiddle\nEND\n');
  });

  it('applies several hunks in file order', async () => {
    await temp.write('m.txt', '1\n2\n3\n4\n5\n6\n');
    await applyPatch(
      temp.workspace,
      patch('*** Update File: m.txt', '@@', '-2', '+two', '@@', ' 4', '-5', '+five'),
    );
    expect(await temp.read('m.txt')).toBe('1\ntwo\n3\n4\nfive\n6\n');
  });

  it('drops a trailing blank context line that blocks a match (Codex retry)', async () => {
    await temp.write('t.txt', 'a\nb\nc\n');
    await applyPatch(temp.workspace, patch('*** Update File: t.txt', '@@', '-a', '+A', '', '@@', ' c'));
    expect(await temp.read('t.txt')).toBe('A\nb\nc\n');
  });

  it('renames a file with only a Move, keeping its mode', async () => {
    await temp.write('run.sh', '#!/bin/sh\n');
    await chmod(join(temp.root, 'run.sh'), 0o755);
    const result = await applyPatch(
      temp.workspace,
      patch('*** Update File: run.sh', '*** Move to: bin/run.sh'),
    );
    expect(result).toEqual({
      status: 'success',
      output: {
        operationsApplied: 1,
        filesChanged: 2,
        changedFiles: ['run.sh', 'bin/run.sh'],
        fileChanges: [
          { path: 'run.sh', operation: 'update', linesAdded: 0, linesRemoved: 0, movedTo: 'bin/run.sh' },
        ],
      },
    });
    expect(await temp.tree()).toEqual({ bin: '<dir>', 'bin/run.sh': '#!/bin/sh\n' });
    expect((await stat(join(temp.root, 'bin/run.sh'))).mode & 0o777).toBe(0o755);
  });

  it('refuses a Move onto a secret and a Move of one, writing nothing', async () => {
    await temp.write('notes.txt', 'notes\n');
    await temp.write('.env', 'TOKEN=1\n');
    for (const text of [
      patch('*** Update File: notes.txt', '*** Move to: .env.local'),
      patch('*** Update File: notes.txt', '*** Move to: deploy/Server.PEM'),
      patch('*** Update File: .env', '*** Move to: env.txt'),
    ]) {
      const result = await applyPatch(temp.workspace, text);
      expect(result.status === 'failure' && result.error.code).toBe('secret_file');
    }
    expect(await temp.tree()).toEqual({ '.env': 'TOKEN=1\n', 'notes.txt': 'notes\n' });
  });

  it('replaces an existing file on Add and on a Move destination, and says so', async () => {
    await temp.write('dup.txt', 'old\n');
    await temp.write('src.txt', 'from\n');
    await temp.write('dest.txt', 'existing\n');
    const result = await applyPatch(
      temp.workspace,
      patch(
        '*** Add File: dup.txt',
        '+new',
        '*** Update File: src.txt',
        '*** Move to: dest.txt',
        '-from',
        '+to',
      ),
    );
    expect(result.status === 'success' && result.output.fileChanges).toEqual([
      { path: 'dup.txt', operation: 'add', linesAdded: 1, linesRemoved: 0, replacedExisting: true },
      {
        path: 'src.txt',
        operation: 'update',
        linesAdded: 1,
        linesRemoved: 1,
        movedTo: 'dest.txt',
        replacedExisting: true,
      },
    ]);
    expect(await temp.tree()).toEqual({ 'dest.txt': 'to\n', 'dup.txt': 'new\n' });
  });

  it('accepts an absolute path inside the workspace and keeps it unchanged otherwise', async () => {
    await temp.write('abs.txt', 'x\n');
    const result = await applyPatch(
      temp.workspace,
      patch(`*** Update File: ${join(temp.root, 'abs.txt')}`, '-x', '+y'),
    );
    expect(result.status === 'success' && result.output.changedFiles).toEqual(['abs.txt']);
    expect(await temp.read('abs.txt')).toBe('y\n');
  });

  it('writes through a symlink inside the workspace and keeps the link', async () => {
    await temp.write('real.txt', 'a\n');
    await symlink('real.txt', join(temp.root, 'link.txt'));
    await applyPatch(temp.workspace, patch('*** Update File: link.txt', '-a', '+b'));
    expect(await temp.read('real.txt')).toBe('b\n');
    expect(await readlink(join(temp.root, 'link.txt'))).toBe('real.txt');
  });

  it('deletes a symbolic link itself, never the file it points to', async () => {
    await temp.write('real.txt', 'keep\n');
    await symlink('real.txt', join(temp.root, 'link.txt'));
    const result = await applyPatch(temp.workspace, patch('*** Delete File: link.txt'));
    expect(result.status === 'success' && result.output.fileChanges).toEqual([
      { path: 'link.txt', operation: 'delete', linesAdded: 0, linesRemoved: 0 },
    ]);
    expect(await temp.tree()).toEqual({ 'real.txt': 'keep\n' });
  });

  it('creates an empty file from an Add without lines', async () => {
    await applyPatch(temp.workspace, patch('*** Add File: empty.txt'));
    expect(await temp.tree()).toEqual({ 'empty.txt': '' });
  });
});

describe('applyPatch: failures change nothing', () => {
  const expectUnchanged = async (text: string, code: string): Promise<string> => {
    const before = await temp.tree();
    const result = await applyPatch(temp.workspace, text);
    expect(result.status).toBe('failure');
    expect(result.status === 'failure' && result.error.code).toBe(code);
    expect(await temp.tree()).toEqual(before);
    return result.status === 'failure' ? result.error.message : '';
  };

  it('patch_parse_error names the line and what was expected', async () => {
    const message = await expectUnchanged(patch('*** Update File: a.txt'), 'patch_parse_error');
    expect(message).toBe(
      "Invalid patch, line 2: Update file hunk for path 'a.txt' is empty. Give at least one '@@' hunk with '-' and '+' lines, or add '*** Move to: <path>' to only rename it. Nothing was changed.",
    );
  });

  it('patch_context_mismatch names the file, the missing lines and the closest region with its line number', async () => {
    await temp.write('created-first.txt', 'keep\n');
    await temp.write('code.ts', 'import x;\n\nfunction main() {\n  const value = 1;\n  return value;\n}\n');
    const message = await expectUnchanged(
      patch(
        '*** Add File: new.txt',
        '+would be created',
        '*** Update File: code.ts',
        '@@',
        ' function main() {',
        '-  const value = 2;',
        '+  const value = 3;',
        '   return value;',
      ),
      'patch_context_mismatch',
    );
    expect(message).toBe(
      [
        'Failed to find the expected lines of hunk 1 (patch line 5) in code.ts:',
        'function main() {',
        '  const value = 2;',
        '  return value;',
        'The closest region of the file is at line 3:',
        '3| function main() {',
        '4|   const value = 1;',
        '5|   return value;',
        "Context (' ') and removed ('-') lines must match the file's lines; re-read code.ts and fix the hunk. Nothing was changed.",
      ].join('\n'),
    );
  });

  it('patch_context_mismatch for an @@ context line that is not in the file', async () => {
    await temp.write('a.py', 'def one():\n    pass\n');
    const message = await expectUnchanged(
      patch('*** Update File: a.py', '@@ def onee():', '-    pass', '+    return 1'),
      'patch_context_mismatch',
    );
    expect(message).toBe(
      [
        "Failed to find the context line '@@ def onee():' of hunk 1 (patch line 3) in a.py.",
        'The closest region of the file is at line 1:',
        '1| def one():',
        "Context (' ') and removed ('-') lines must match the file's lines; re-read a.py and fix the hunk. Nothing was changed.",
      ].join('\n'),
    );
  });

  it('patch_context_mismatch when an End of File hunk is not at the end', async () => {
    await temp.write('t.txt', 'a\nb\n');
    const message = await expectUnchanged(
      patch('*** Update File: t.txt', '-a', '+A', '*** End of File'),
      'patch_context_mismatch',
    );
    expect(message.split('\n')[0]).toBe(
      "Failed to find the expected lines of hunk 1 (patch line 3) at the end of t.txt ('*** End of File' anchors them to the last lines):",
    );
  });

  it('patch_context_mismatch when hunks are out of file order', async () => {
    await temp.write('t.txt', '1\n2\n3\n');
    const message = await expectUnchanged(
      patch('*** Update File: t.txt', '@@', '-3', '+three', '@@', '-1', '+one'),
      'patch_context_mismatch',
    );
    expect(message.split('\n')[0]).toBe(
      'Failed to find the expected lines of hunk 2 (patch line 6) in t.txt at or after line 4 (hunks must be in file order):',
    );
  });

  it('not_found for an Update or Delete of a missing file (fixture 015 stays atomic)', async () => {
    expect(
      await expectUnchanged(
        patch('*** Add File: created.txt', '+hello', '*** Update File: missing.txt', '-old', '+new'),
        'not_found',
      ),
    ).toBe(
      "Cannot update missing.txt: the file does not exist. Check the path, or use '*** Add File:' to create it. Nothing was changed.",
    );
    await expectUnchanged(patch('*** Delete File: missing.txt'), 'not_found');
  });

  it('is_directory for a Delete, Update, Add or Move destination that is a directory', async () => {
    await mkdir(join(temp.root, 'dir'));
    await temp.write('f.txt', 'x\n');
    expect(await expectUnchanged(patch('*** Delete File: dir'), 'is_directory')).toBe(
      'Cannot delete dir: it is a directory. apply_patch works on files only. Nothing was changed.',
    );
    await expectUnchanged(patch('*** Update File: dir', '-x', '+y'), 'is_directory');
    await expectUnchanged(patch('*** Add File: dir', '+x'), 'is_directory');
    await expectUnchanged(patch('*** Update File: f.txt', '*** Move to: dir'), 'is_directory');
  });

  it('binary_file for a binary or non-UTF-8 file, which is never rewritten', async () => {
    await temp.write('bin.dat', Buffer.from([0x61, 0x00, 0x62, 0x0a]));
    await temp.write('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(await expectUnchanged(patch('*** Update File: bin.dat', '-a', '+b'), 'binary_file')).toBe(
      'Cannot update bin.dat: it is binary or not UTF-8 text, and apply_patch never rewrites such files. Nothing was changed.',
    );
    await expectUnchanged(patch('*** Update File: latin1.txt', '-café', '+tea'), 'binary_file');
  });

  it('path_outside_workspace for a path outside, a Move destination outside and an absolute path outside', async () => {
    await temp.write('a.txt', 'x\n');
    await expectUnchanged(patch('*** Add File: ../escape.txt', '+x'), 'path_outside_workspace');
    await expectUnchanged(
      patch('*** Update File: a.txt', '*** Move to: ../escape.txt'),
      'path_outside_workspace',
    );
    await expectUnchanged(patch('*** Add File: /etc/toolgate-test.txt', '+x'), 'path_outside_workspace');
  });

  it('path_outside_workspace for a symlink that leads outside', async () => {
    await symlink('/etc', join(temp.root, 'etc-link'));
    await expectUnchanged(patch('*** Add File: etc-link/toolgate-test.txt', '+x'), 'path_outside_workspace');
  });

  it('path_protected for .git and node_modules', async () => {
    await expectUnchanged(patch('*** Add File: .git/hooks/pre-commit', '+x'), 'path_protected');
    await expectUnchanged(patch('*** Add File: node_modules/x/index.js', '+x'), 'path_protected');
  });

  it('not_a_directory when a path goes through a file', async () => {
    await temp.write('file.txt', 'x\n');
    await expectUnchanged(patch('*** Add File: file.txt/child.txt', '+x'), 'not_a_directory');
  });

  it('invalid_arguments for a path with a NUL byte', async () => {
    await expectUnchanged(patch('*** Add File: a\u0000b.txt', '+x'), 'invalid_arguments');
  });

  it('not_a_regular_file for a socket', async () => {
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(temp.root, 'sock'), done));
    try {
      const message = await expectUnchanged(patch('*** Update File: sock', '-a', '+b'), 'not_a_regular_file');
      expect(message).toBe(
        'Cannot update sock: it is not a regular file (a FIFO, socket or device); apply_patch changes regular files only. Nothing was changed.',
      );
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it.skipIf(FIFO_SKIP_REASON !== undefined)(
    `not_a_regular_file for a FIFO to update, delete or replace, without waiting for a writer ${FIFO_SKIP_REASON ?? ''}`,
    async () => {
      await temp.write('a.txt', 'a\n');
      const fifo = createFifo(join(temp.root, 'pipe'), 'a\n');
      try {
        for (const [operation, lines] of [
          ['Update', ['-a', '+b']],
          ['Delete', []],
          ['Add', ['+b']],
        ] as const) {
          // An earlier operation on a regular file is part of the patch: nothing of it is written either.
          const text = patch('*** Update File: a.txt', '-a', '+z', `*** ${operation} File: pipe`, ...lines);
          expect(await applyPatch(temp.workspace, text)).toEqual({
            status: 'failure',
            error: {
              code: 'not_a_regular_file',
              message: `Cannot ${operation.toLowerCase()} pipe: it is not a regular file (a FIFO, socket or device); apply_patch changes regular files only. Nothing was changed.`,
              details: { path: 'pipe' },
            },
          });
          expect(await temp.tree()).toEqual({ 'a.txt': 'a\n', pipe: '<special>' });
        }
      } finally {
        fifo.release();
      }
    },
  );

  it('file_too_large, with the limit, for a file over it (not binary_file)', async () => {
    // Sparse: 1.2 GB long without 1.2 GB on disk or in memory.
    await temp.write('huge.txt', 'x');
    await truncate(join(temp.root, 'huge.txt'), 1_200_000_000);
    expect(await applyPatch(temp.workspace, patch('*** Update File: huge.txt', '-x', '+y'))).toEqual({
      status: 'failure',
      error: {
        code: 'file_too_large',
        message:
          'Cannot update huge.txt: it is 1200000000 bytes; apply_patch works on files up to 256 MiB (268435456 bytes), since it holds every file in memory to apply the patch atomically. Change a file this large with bash (sed, a script). Nothing was changed.',
        details: { path: 'huge.txt', size: 1_200_000_000, limit: 268_435_456 },
      },
    });
    expect((await stat(join(temp.root, 'huge.txt'))).size).toBe(1_200_000_000);
  });

  it('aborted when the signal fired before writing', async () => {
    await temp.write('a.txt', 'x\n');
    const controller = new AbortController();
    controller.abort();
    const before = await temp.tree();
    expect(
      await applyPatch(temp.workspace, patch('*** Update File: a.txt', '-x', '+y'), {
        signal: controller.signal,
      }),
    ).toEqual({
      status: 'failure',
      error: {
        code: 'aborted',
        message: 'apply_patch was cancelled before it wrote anything. Nothing was changed.',
      },
    });
    expect(await temp.tree()).toEqual(before);
  });
});

describe('planPatch', () => {
  it('returns the new contents and the diff and writes nothing', async () => {
    await temp.write('a.txt', 'one\ntwo\n');
    await temp.write('c.txt', 'one\n2\n');
    const planned = await planPatch(
      temp.workspace,
      patch('*** Update File: a.txt', '-two', '+2', '*** Add File: b.txt', '+b', '*** Delete File: c.txt'),
    );
    expect(planned.status).toBe('success');
    if (planned.status !== 'success') return;
    expect(planned.output.operations.map((operation) => operation.summary)).toEqual([
      'Update a.txt',
      'Add b.txt',
      'Delete c.txt',
    ]);
    expect(planned.output.diff).toBe(
      [
        '--- a/a.txt',
        '+++ b/a.txt',
        '@@ -1,2 +1,2 @@',
        ' one',
        '-two',
        '+2',
        '--- /dev/null',
        '+++ b/b.txt',
        '@@ -0,0 +1,1 @@',
        '+b',
        '--- a/c.txt',
        '+++ /dev/null',
        '@@ -1,2 +0,0 @@',
        '-one',
        '-2',
        '',
      ].join('\n'),
    );
    expect(
      planned.output.files.map((file) => ({
        path: file.displayPath,
        before: file.before?.toString() ?? null,
        after: file.after?.toString() ?? null,
      })),
    ).toEqual([
      { path: 'a.txt', before: 'one\ntwo\n', after: 'one\n2\n' },
      { path: 'b.txt', before: null, after: 'b\n' },
      { path: 'c.txt', before: 'one\n2\n', after: null },
    ]);
    expect(await temp.tree()).toEqual({ 'a.txt': 'one\ntwo\n', 'c.txt': 'one\n2\n' });
  });
});

describe('commit rollback', () => {
  it('restores every file already written when a later write fails', async () => {
    const { commitFiles } = await import('../internal/commit-files.js');
    await temp.write('keep.txt', 'original\n');
    await writeFile(join(temp.root, 'blocker'), 'a file, not a directory\n');
    const before = await temp.tree();
    const error = await commitFiles([
      {
        absolutePath: join(temp.root, 'keep.txt'),
        displayPath: 'keep.txt',
        before: Buffer.from('original\n'),
        after: Buffer.from('changed\n'),
      },
      {
        absolutePath: join(temp.root, 'new/deep/file.txt'),
        displayPath: 'new/deep/file.txt',
        before: null,
        after: Buffer.from('x\n'),
      },
      {
        absolutePath: join(temp.root, 'blocker/child.txt'),
        displayPath: 'blocker/child.txt',
        before: null,
        after: Buffer.from('x\n'),
      },
    ]);
    expect(error?.displayPath).toBe('blocker/child.txt');
    expect(error?.unrestored).toEqual([]);
    expect(await temp.tree()).toEqual(before);
  });

  it('restores a file of a directory whose other file failed, through the directory pinned for both', async () => {
    const { commitFiles } = await import('../internal/commit-files.js');
    await temp.write('src/a.txt', 'a\n');
    await mkdir(join(temp.root, 'src/sub'));
    const before = await temp.tree();
    const error = await commitFiles([
      {
        absolutePath: join(temp.root, 'src/a.txt'),
        displayPath: 'src/a.txt',
        before: Buffer.from('a\n'),
        after: Buffer.from('changed\n'),
      },
      // A directory where a file was planned: its rename fails, after a.txt may have been written.
      {
        absolutePath: join(temp.root, 'src/sub'),
        displayPath: 'src/sub',
        before: Buffer.from('x\n'),
        after: Buffer.from('y\n'),
      },
    ]);
    expect(error?.displayPath).toBe('src/sub');
    expect(error?.unrestored).toEqual([]);
    expect(await temp.tree()).toEqual(before);
  });

  it('recreates a symbolic link that was replaced before a later write failed', async () => {
    const { commitFiles } = await import('../internal/commit-files.js');
    await temp.write('real.txt', 'keep\n');
    await symlink('real.txt', join(temp.root, 'link.txt'));
    await writeFile(join(temp.root, 'blocker'), 'a file\n');
    const before = await temp.tree();
    const error = await commitFiles([
      {
        absolutePath: join(temp.root, 'link.txt'),
        displayPath: 'link.txt',
        before: Buffer.alloc(0),
        after: Buffer.from('own\n'),
        linkTarget: 'real.txt',
      },
      {
        absolutePath: join(temp.root, 'blocker/child.txt'),
        displayPath: 'blocker/child.txt',
        before: null,
        after: Buffer.from('x\n'),
      },
    ]);
    expect(error?.displayPath).toBe('blocker/child.txt');
    expect(error?.unrestored).toEqual([]);
    expect(await temp.tree()).toEqual(before);
  });
});
