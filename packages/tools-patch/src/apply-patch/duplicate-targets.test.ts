import { existsSync } from 'node:fs';
import { link, mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type ApprovalRequest, createToolSurface, standardDecorators } from '@toolgate/core';
import { createTempWorkspace, type TempWorkspace } from '@toolgate/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPatchTools } from '../create-patch-tools.js';
import { applyApprovedPatch, applyPatch } from './apply-patch.js';
import { planPatch } from './plan-patch.js';

const patch = (...lines: string[]): string => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');

const MERGE =
  "Each file may appear in one section only: merge them into one (all of a file's hunks in one '*** Update File:' section, or one '*** Add File:' with its whole new content; an Add or a Move onto an existing file replaces it, with no Delete before it). Nothing was changed.";

let temp: TempWorkspace;
beforeEach(async () => {
  temp = await createTempWorkspace();
  await temp.write('a.txt', 'a\n');
  await temp.write('src.txt', 's\n');
});
afterEach(async () => {
  await temp.cleanup();
});

/** Applies `text`, expects the duplicate refusal and an untouched tree; returns the message. */
async function expectRefused(text: string): Promise<{ message: string; details: unknown }> {
  const before = await temp.tree();
  const result = await applyPatch(temp.workspace, text);
  if (result.status !== 'failure') throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  expect(result.error.code).toBe('patch_parse_error');
  expect(await temp.tree()).toEqual(before);
  return { message: result.error.message, details: result.error.details };
}

describe('apply_patch: one file named by two operations', () => {
  it('refuses every pair of operations on one file, naming the path and both operations', async () => {
    const sections = {
      add: ['*** Add File: a.txt', '+new'],
      update: ['*** Update File: a.txt', '-a', '+b'],
      delete: ['*** Delete File: a.txt'],
      moveOnto: ['*** Update File: src.txt', '*** Move to: a.txt'],
    } as const;
    const header = { add: 'Add File: a.txt', update: 'Update File: a.txt', delete: 'Delete File: a.txt' };
    for (const first of ['add', 'update', 'delete', 'moveOnto'] as const) {
      for (const second of ['add', 'update', 'delete'] as const) {
        const text = patch(...sections[first], ...sections[second]);
        const secondLine = sections[first].length + 2;
        const earlier =
          first === 'moveOnto'
            ? "'*** Move to: a.txt' (of the Update at line 2)"
            : `line 2 ('*** ${header[first]}')`;
        expect(await expectRefused(text)).toEqual({
          message: `Invalid patch, line ${secondLine}: '*** ${header[second]}' names a.txt, which ${earlier} names too. ${MERGE}`,
          details: { line: secondLine, path: 'a.txt', lines: [2, secondLine] },
        });
      }
    }
  });

  it('refuses a Move onto a path a later operation names, and two Moves onto one destination', async () => {
    await temp.write('other.txt', 'o\n');
    expect(
      (
        await expectRefused(
          patch('*** Update File: src.txt', '*** Move to: dest.txt', '*** Add File: dest.txt', '+x'),
        )
      ).message,
    ).toBe(
      `Invalid patch, line 4: '*** Add File: dest.txt' names dest.txt, which '*** Move to: dest.txt' (of the Update at line 2) names too. ${MERGE}`,
    );
    expect(
      (
        await expectRefused(
          patch(
            '*** Update File: src.txt',
            '*** Move to: dest.txt',
            '*** Update File: other.txt',
            '*** Move to: ./dest.txt',
          ),
        )
      ).message,
    ).toBe(
      `Invalid patch, line 4: '*** Move to: ./dest.txt' (of the Update at line 4) names dest.txt, which '*** Move to: dest.txt' (of the Update at line 2) names too. ${MERGE}`,
    );
    // A swap is two operations on each file: the second would read what the first wrote.
    await expectRefused(
      patch(
        '*** Update File: src.txt',
        '*** Move to: other.txt',
        '*** Update File: other.txt',
        '*** Move to: src.txt',
      ),
    );
  });

  it('refuses a Move onto its own source, however it is spelled', async () => {
    for (const destination of ['src.txt', './src.txt', 'nested/../src.txt']) {
      await mkdir(join(temp.root, 'nested'), { recursive: true });
      expect(
        (await expectRefused(patch('*** Update File: src.txt', `*** Move to: ${destination}`, '-s', '+t')))
          .message,
      ).toBe(
        `Invalid patch, line 2: '*** Move to: ${destination}' (of the Update at line 2) names src.txt, the file that Update already names. Remove the '*** Move to:' line to change the file where it is. Nothing was changed.`,
      );
    }
  });

  it('compares paths as the workspace resolves them: ./, dir/.., absolute, a trailing slash, a linked directory', async () => {
    await mkdir(join(temp.root, 'dir'));
    await mkdir(join(temp.root, 'real'));
    await temp.write('real/x.txt', 'x\n');
    await symlink('real', join(temp.root, 'alias'));
    for (const spelling of ['./a.txt', 'dir/../a.txt', join(temp.root, 'a.txt'), './/a.txt']) {
      const { details } = await expectRefused(
        patch('*** Update File: a.txt', '-a', '+b', `*** Delete File: ${spelling}`),
      );
      expect(details).toEqual({ line: 5, path: 'a.txt', lines: [2, 5] });
    }
    await expectRefused(patch('*** Add File: new.txt', '+1', '*** Add File: new.txt/', '+2'));
    const { message } = await expectRefused(
      patch('*** Update File: real/x.txt', '-x', '+y', '*** Update File: alias/x.txt', '-x', '+z'),
    );
    expect(message).toContain("'*** Update File: alias/x.txt' names real/x.txt, which line 2");
  });

  it('sees one file through a symbolic link to it, and a deleted link under any spelling', async () => {
    await symlink('a.txt', join(temp.root, 'link.txt'));
    await expectRefused(patch('*** Update File: link.txt', '-a', '+b', '*** Update File: a.txt', '-a', '+c'));
    for (const spelling of ['link.txt', './link.txt'])
      await expectRefused(patch('*** Delete File: link.txt', `*** Add File: ${spelling}`, '+x'));
    await expectRefused(
      patch('*** Delete File: link.txt', '*** Update File: src.txt', '*** Move to: link.txt'),
    );
    // The link and the file it points to are two files: deleting one and changing the other is fine.
    const result = await applyPatch(
      temp.workspace,
      patch('*** Delete File: link.txt', '*** Update File: a.txt', '-a', '+b'),
    );
    expect(result.status).toBe('success');
    expect(await temp.tree()).toEqual({ 'a.txt': 'b\n', 'src.txt': 's\n' });
  });

  it('sees one file under two names: a hard link', async () => {
    await link(join(temp.root, 'a.txt'), join(temp.root, 'hard.txt'));
    const { message, details } = await expectRefused(
      patch('*** Update File: a.txt', '-a', '+b', '*** Update File: hard.txt', '-a', '+c'),
    );
    expect(details).toEqual({ line: 5, path: 'hard.txt', lines: [2, 5] });
    expect(message).toContain(
      "'*** Update File: hard.txt' names hard.txt, which line 2 ('*** Update File: a.txt') names too (one file under two names: a hard link,",
    );
    await expectRefused(patch('*** Delete File: a.txt', '*** Add File: hard.txt', '+x'));
    await expectRefused(patch('*** Update File: src.txt', '*** Move to: hard.txt', '*** Delete File: a.txt'));
  });

  it('sees one file in two new names that differ only in case or Unicode form', async () => {
    const { message } = await expectRefused(
      patch('*** Add File: New.txt', '+1', '*** Add File: new.txt', '+2'),
    );
    expect(message).toContain(
      "'*** Add File: new.txt' names new.txt, which line 2 ('*** Add File: New.txt') names too (new files whose names differ only in case or Unicode form,",
    );
    await expectRefused(
      patch('*** Add File: caf\u00e9.txt', '+1', '*** Update File: src.txt', '*** Move to: cafe\u0301.txt'),
    );
    await expectRefused(patch('*** Add File: dir/X.txt', '+1', '*** Add File: DIR/x.txt', '+2'));
  });

  it('keeps two existing files apart that the file system tells apart, whatever their case', async () => {
    // Only where the file system is case-sensitive (Linux): elsewhere A.TXT is a.txt and refused above.
    if (existsSync(join(temp.root, 'A.TXT'))) return;
    await temp.write('A.TXT', 'A\n');
    const result = await applyPatch(
      temp.workspace,
      patch(
        '*** Update File: a.txt',
        '-a',
        '+b',
        '*** Update File: A.TXT',
        '-A',
        '+B',
        '*** Update File: src.txt',
        '*** Move to: SRC.txt',
      ),
    );
    expect(result.status).toBe('success');
    expect(await temp.tree()).toEqual({ 'A.TXT': 'B\n', 'SRC.txt': 's\n', 'a.txt': 'b\n' });
  });

  it('still applies distinct files and several hunks of one file', async () => {
    await temp.write('m.txt', '1\n2\n3\n4\n');
    const result = await applyPatch(
      temp.workspace,
      patch(
        '*** Update File: m.txt',
        '@@',
        '-1',
        '+one',
        '@@',
        '-4',
        '+four',
        '*** Add File: b.txt',
        '+b',
        '*** Delete File: a.txt',
      ),
    );
    expect(result.status).toBe('success');
    expect(await temp.tree()).toEqual({ 'b.txt': 'b\n', 'm.txt': 'one\n2\n3\nfour\n', 'src.txt': 's\n' });
  });

  it('checks again when the patch runs: two paths that came to name one file are refused', async () => {
    await temp.write('d1/x.txt', 'x\n');
    await temp.write('d2/x.txt', 'x\n');
    const text = patch('*** Update File: d1/x.txt', '-x', '+1', '*** Update File: d2/x.txt', '-x', '+2');
    const planned = await planPatch(temp.workspace, text);
    if (planned.status !== 'success') throw new Error('the patch should plan');
    await rm(join(temp.root, 'd2'), { recursive: true });
    await symlink('d1', join(temp.root, 'd2'));
    const result = await applyApprovedPatch(temp.workspace, text, planned.output);
    expect(result.status === 'failure' && result.error.code).toBe('patch_parse_error');
    expect(await temp.read('d1/x.txt')).toBe('x\n');
  });

  it('is refused by the tool in preflight, before anyone is asked', async () => {
    const requests: ApprovalRequest[] = [];
    const tools = createPatchTools({ workspace: temp.workspace });
    const surface = createToolSurface({
      tools: [tools.apply_patch],
      decorators: standardDecorators({
        approval: {
          mode: 'manual',
          approver: async (request) => {
            requests.push(request);
            return 'allow_once';
          },
        },
      }),
    });
    const text = patch('*** Add File: a.txt', '+one', '*** Add File: a.txt', '+two');
    const result = await surface.executor.execute({
      id: 'c1',
      name: 'apply_patch',
      arguments: { patch: text },
    });
    expect(result).toMatchObject({
      status: 'failure',
      error: {
        code: 'patch_parse_error',
        message: `Invalid patch, line 4: '*** Add File: a.txt' names a.txt, which line 2 ('*** Add File: a.txt') names too. ${MERGE}`,
      },
    });
    expect(requests).toEqual([]);
    expect(await temp.read('a.txt')).toBe('a\n');
  });
});
