import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ApprovalRequest,
  createApprovalMemory,
  createToolSurface,
  standardDecorators,
} from '@toolgate/core';
import { checkToolConformance, createTempWorkspace, type TempWorkspace } from '@toolgate/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APPLY_PATCH_SPEC } from './apply-patch/apply-patch-spec.js';
import { createPatchTools } from './create-patch-tools.js';
import { EDIT_SPEC } from './edit/edit-spec.js';

let temp: TempWorkspace;
beforeEach(async () => {
  temp = await createTempWorkspace();
});
afterEach(async () => {
  await temp.cleanup();
});

function surfaceWithApprover(answer: (request: ApprovalRequest) => Promise<'allow_once' | 'reject_once'>) {
  const tools = createPatchTools({ workspace: temp.workspace });
  return createToolSurface({
    tools: [tools.apply_patch, tools.edit],
    decorators: standardDecorators({ approval: { mode: 'manual', approver: answer } }),
  });
}

describe('createPatchTools', () => {
  it('keeps the tools conformant', async () => {
    const tools = createPatchTools({ workspace: temp.workspace });
    expect(
      await checkToolConformance([tools.apply_patch, tools.edit], {
        invalidArguments: [
          { patch: '' },
          { patch: null },
          { patch: 'x'.repeat(100_000) },
          { path: 'a.txt' },
          { path: 'a.txt', old_string: 'a', new_string: 'b', replaceAll: 'yes' },
          { path: '', old_string: 'a', new_string: 'b' },
        ],
      }),
    ).toEqual([]);
  });

  it('shows the approver every operation, replaced files and the combined diff, before anything is written', async () => {
    await temp.write('keep.txt', 'one\ntwo\n');
    await temp.write('dest.txt', 'old dest\n');
    await temp.write('gone.txt', 'bye\n');
    const requests: ApprovalRequest[] = [];
    const surface = surfaceWithApprover(async (request) => {
      requests.push(request);
      return 'reject_once';
    });
    const patch = [
      '*** Begin Patch',
      '*** Add File: keep.txt',
      '+replaced',
      '*** Update File: gone.txt',
      '*** Move to: dest.txt',
      '-bye',
      '+hello',
      '*** Add File: new.txt',
      '+n',
      '*** End Patch',
    ].join('\n');
    const result = await surface.executor.execute({ id: 'c1', name: 'apply_patch', arguments: { patch } });
    expect(result).toEqual({
      status: 'rejected',
      by: 'approval',
      reason: 'The user declined: Add keep.txt, Move gone.txt → dest.txt, Add new.txt',
    });
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.lines).toEqual([
      'Add keep.txt (replaces the existing file)',
      'Move gone.txt → dest.txt (replaces the existing file)',
      'Add new.txt',
    ]);
    expect(request.locations).toEqual(['keep.txt', 'gone.txt', 'dest.txt', 'new.txt']);
    expect(request.kind).toBe('edit');
    // Whole files as planned, for hosts with a diff view: real paths, null for created or deleted.
    expect(request.files).toEqual([
      { path: join(temp.root, 'keep.txt'), oldText: 'one\ntwo\n', newText: 'replaced\n' },
      { path: join(temp.root, 'gone.txt'), oldText: 'bye\n', newText: null },
      { path: join(temp.root, 'dest.txt'), oldText: 'old dest\n', newText: 'hello\n' },
      { path: join(temp.root, 'new.txt'), oldText: null, newText: 'n\n' },
    ]);
    expect(request.diff).toBe(
      [
        '--- a/keep.txt',
        '+++ b/keep.txt',
        '@@ -1,2 +1,1 @@',
        '-one',
        '-two',
        '+replaced',
        '--- a/dest.txt',
        '+++ /dev/null',
        '@@ -1,1 +0,0 @@',
        '-old dest',
        '--- a/gone.txt',
        '+++ b/dest.txt',
        '@@ -1,1 +1,1 @@',
        '-bye',
        '+hello',
        '--- /dev/null',
        '+++ b/new.txt',
        '@@ -0,0 +1,1 @@',
        '+n',
        '',
      ].join('\n'),
    );
    expect(await temp.tree()).toEqual({
      'dest.txt': 'old dest\n',
      'gone.txt': 'bye\n',
      'keep.txt': 'one\ntwo\n',
    });
  });

  it('fails in preflight without asking when the patch cannot apply', async () => {
    const requests: ApprovalRequest[] = [];
    const surface = surfaceWithApprover(async (request) => {
      requests.push(request);
      return 'allow_once';
    });
    const result = await surface.executor.execute({
      id: 'c1',
      name: 'apply_patch',
      arguments: { patch: '*** Begin Patch\n*** Delete File: nope.txt\n*** End Patch' },
    });
    expect(result.status === 'failure' && result.error.code).toBe('not_found');
    expect(requests).toEqual([]);
  });

  it('re-plans at execution: a file changed while the person decided is patched as it is now', async () => {
    await temp.write('a.txt', 'one\ntwo\n');
    const surface = surfaceWithApprover(async () => {
      await writeFile(join(temp.root, 'a.txt'), 'zero\none\ntwo\n');
      return 'allow_once';
    });
    const result = await surface.executor.execute({
      id: 'c1',
      name: 'apply_patch',
      arguments: { patch: '*** Begin Patch\n*** Update File: a.txt\n-two\n+2\n*** End Patch' },
    });
    expect(result.status).toBe('success');
    expect(await temp.read('a.txt')).toBe('zero\none\n2\n');
  });

  it('fails with precondition_changed, writing nothing, when a file appeared where the approved patch adds one', async () => {
    const surface = surfaceWithApprover(async () => {
      await writeFile(join(temp.root, 'notes.txt'), 'written meanwhile\n');
      return 'allow_once';
    });
    const result = await surface.executor.execute({
      id: 'c1',
      name: 'apply_patch',
      arguments: { patch: '*** Begin Patch\n*** Add File: notes.txt\n+mine\n*** End Patch' },
    });
    expect(result).toEqual({
      status: 'failure',
      error: {
        code: 'precondition_changed',
        message:
          'notes.txt did not exist when the patch was approved and now does; nothing was changed. Read the file again and make a new patch for what is there now.',
      },
    });
    expect(await temp.read('notes.txt')).toBe('written meanwhile\n');
  });

  it('scopes "always" to the approved changes: an approved Add does not let a later Delete run unasked', async () => {
    const asked: string[] = [];
    const tools = createPatchTools({ workspace: temp.workspace });
    const surface = createToolSurface({
      tools: [tools.apply_patch],
      decorators: standardDecorators({
        approval: {
          mode: 'safe',
          memory: createApprovalMemory(),
          approver: async (request) => {
            asked.push(request.rememberLabel);
            return 'allow_always';
          },
        },
      }),
    });
    const patch = (body: string) => ({ patch: `*** Begin Patch\n${body}\n*** End Patch` });
    await surface.executor.execute({
      id: '1',
      name: 'apply_patch',
      arguments: patch('*** Add File: a.txt\n+a'),
    });
    await surface.executor.execute({
      id: '2',
      name: 'apply_patch',
      arguments: patch('*** Update File: a.txt\n-a\n+b'),
    });
    await surface.executor.execute({
      id: '3',
      name: 'apply_patch',
      arguments: patch('*** Update File: a.txt\n-b\n+c'),
    });
    await surface.executor.execute({
      id: '4',
      name: 'apply_patch',
      arguments: patch('*** Delete File: a.txt'),
    });
    expect(asked).toEqual([
      'always for edits with apply_patch to Add a.txt',
      'always for edits with apply_patch to Update a.txt',
      'always for edits with apply_patch to Delete a.txt',
    ]);
    expect(await temp.tree()).toEqual({});
  });

  it('fails at execution, writing nothing, when the approved hunk no longer matches', async () => {
    await temp.write('a.txt', 'one\ntwo\n');
    await temp.write('b.txt', 'b\n');
    const surface = surfaceWithApprover(async () => {
      await writeFile(join(temp.root, 'a.txt'), 'something else\n');
      return 'allow_once';
    });
    const result = await surface.executor.execute({
      id: 'c1',
      name: 'apply_patch',
      arguments: {
        patch:
          '*** Begin Patch\n*** Update File: b.txt\n-b\n+B\n*** Update File: a.txt\n-two\n+2\n*** End Patch',
      },
    });
    expect(result.status === 'failure' && result.error.code).toBe('patch_context_mismatch');
    expect(await temp.tree()).toEqual({ 'a.txt': 'something else\n', 'b.txt': 'b\n' });
  });

  it('plans again at execution over a change made meanwhile that its hunks still match', async () => {
    await temp.write('a.txt', 'one\ntwo\n');
    const surface = surfaceWithApprover(async () => {
      await writeFile(join(temp.root, 'a.txt'), 'zero\none\ntwo\n');
      return 'allow_once';
    });
    const result = await surface.executor.execute({
      id: 'c1',
      name: 'apply_patch',
      arguments: { patch: '*** Begin Patch\n*** Update File: a.txt\n one\n-two\n+2\n*** End Patch' },
    });
    expect(result.status).toBe('success');
    expect(await temp.tree()).toEqual({ 'a.txt': 'zero\none\n2\n' });
  });

  it('serializes parallel patches to one file under its lock, losing no update', async () => {
    await temp.write('counter.txt', 'a\nb\nc\nd\n');
    const tools = createPatchTools({ workspace: temp.workspace });
    const surface = createToolSurface({
      tools: [tools.apply_patch, tools.edit],
      decorators: standardDecorators({ approval: { mode: 'auto' } }),
    });
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((letter, index) =>
        surface.executor.execute({
          id: `c${index}`,
          name: 'apply_patch',
          arguments: {
            patch: `*** Begin Patch\n*** Update File: counter.txt\n-${letter}\n+${letter.toUpperCase()}\n*** End Patch`,
          },
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['success', 'success', 'success', 'success']);
    expect(await temp.read('counter.txt')).toBe('A\nB\nC\nD\n');
  });

  it('shows the edit diff to the approver', async () => {
    await temp.write('e.txt', 'hello world\n');
    const requests: ApprovalRequest[] = [];
    const surface = surfaceWithApprover(async (request) => {
      requests.push(request);
      return 'allow_once';
    });
    const result = await surface.executor.execute({
      id: 'c1',
      name: 'edit',
      arguments: { path: 'e.txt', old_string: 'world', new_string: 'there' },
    });
    expect(result).toEqual({
      status: 'success',
      output: { path: 'e.txt', resolvedPath: join(temp.root, 'e.txt'), replacements: 1, success: true },
      display: { summary: 'Edited e.txt (1 replacement)' },
      // The very previews the approver saw: nothing is read again.
      changes: [{ path: join(temp.root, 'e.txt'), oldText: 'hello world\n', newText: 'hello there\n' }],
    });
    expect({
      lines: requests[0]?.lines,
      diff: requests[0]?.diff,
      kind: requests[0]?.kind,
      files: requests[0]?.files,
    }).toEqual({
      lines: ['Edit e.txt (1 replacement)'],
      diff: '--- a/e.txt\n+++ b/e.txt\n@@ -1,1 +1,1 @@\n-hello world\n+hello there\n',
      kind: 'edit',
      files: [{ path: join(temp.root, 'e.txt'), oldText: 'hello world\n', newText: 'hello there\n' }],
    });
  });

  it('leaves the whole files out of the request when one is binary, keeping the unified diff', async () => {
    await temp.write('bin.dat', Buffer.from([0, 1, 2]));
    const requests: ApprovalRequest[] = [];
    const surface = surfaceWithApprover(async (request) => {
      requests.push(request);
      return 'reject_once';
    });
    const patch = '*** Begin Patch\n*** Add File: t.txt\n+text\n*** Delete File: bin.dat\n*** End Patch';
    await surface.executor.execute({ id: 'c1', name: 'apply_patch', arguments: { patch } });
    expect(requests[0]?.diff).toContain('Binary file deleted');
    expect(requests[0]).not.toHaveProperty('files');
  });

  it("declares apply_patch's summary from the patch text: every operation, the paths it names, and its kind", () => {
    const summarize = APPLY_PATCH_SPEC.approval?.summarize;
    const of = (...body: string[]) =>
      summarize?.({ patch: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') });
    expect(of('*** Delete File: a.txt', '*** Delete File: b.txt')).toEqual({
      kind: 'delete',
      lines: ['Delete a.txt', 'Delete b.txt'],
      locations: ['a.txt', 'b.txt'],
    });
    expect(of('*** Update File: from.txt', '*** Move to: to.txt')).toEqual({
      kind: 'move',
      lines: ['Move from.txt → to.txt'],
      locations: ['from.txt', 'to.txt'],
    });
    expect(of('*** Update File: from.txt', '*** Move to: to.txt', '@@', '-a', '+b')?.kind).toBe('edit');
    expect(of('*** Delete File: a.txt', '*** Add File: a.txt', '+x')).toMatchObject({
      kind: 'edit',
      locations: ['a.txt'],
    });
    expect(summarize?.({ patch: 'not a patch' })).toEqual({});
  });
});

describe('tool definitions', () => {
  it('match the snapshot', () => {
    expect([APPLY_PATCH_SPEC.definition, EDIT_SPEC.definition]).toMatchSnapshot();
  });
});
