import { rm } from 'node:fs/promises';
import { createUnifiedDiff } from '@toolgate/core';
import { createTempWorkspace, type TempWorkspace } from '@toolgate/core/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPatch } from './apply-patch.js';
import { parsePatch } from './parse-patch.js';

let temp: TempWorkspace;
beforeAll(async () => {
  temp = await createTempWorkspace();
});
afterAll(async () => {
  await temp.cleanup();
});

async function resetTree(files: Record<string, string>): Promise<void> {
  await rm(temp.root, { recursive: true, force: true });
  await (await import('node:fs/promises')).mkdir(temp.root);
  for (const [path, content] of Object.entries(files)) await temp.write(path, content);
}

/** A line: any text without line breaks (Unicode, spaces, punctuation, patch-like markers). */
const line = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.constantFrom('', '  ', '*** End Patch', '@@', '-', '+', ' x', '“quoted” — dash', '\tindented'),
    fc.string({ unit: fc.constantFrom('a', 'b', ' ', '-', '+', '@', '*'), maxLength: 6 }),
  )
  .map((text) => text.replace(/[\r\n]/g, ''));

type Step = {
  readonly keep: 'keep' | 'delete' | 'replace';
  readonly insert: readonly string[];
  readonly with: string;
};

/** An original file of unique lines and a random edit of it. */
const fileAndEdit = fc
  .record({
    original: fc.uniqueArray(line, { maxLength: 40 }),
    steps: fc.array(
      fc.record({
        keep: fc.constantFrom<Step['keep']>('keep', 'keep', 'keep', 'delete', 'replace'),
        insert: fc.array(line, { maxLength: 2 }),
        with: line,
      }),
      { maxLength: 40 },
    ),
    head: fc.array(line, { maxLength: 2 }),
    crlf: fc.boolean(),
    finalNewline: fc.boolean(),
  })
  .map(({ original, steps, head, crlf, finalNewline }) => {
    const target: string[] = [...head];
    original.forEach((text, index) => {
      const step = steps[index];
      if (!step || step.keep === 'keep') target.push(text);
      else if (step.keep === 'replace') target.push(step.with);
      if (step) target.push(...step.insert);
    });
    return { original, target, crlf, finalNewline };
  });

function render(lines: readonly string[], eol: string, finalNewline: boolean): string {
  if (lines.length === 0) return '';
  return lines.join(eol) + (finalNewline ? eol : '');
}

function patchFor(path: string, before: readonly string[], after: readonly string[]): string {
  const diff = createUnifiedDiff(
    before.map((text) => `${text}\n`).join(''),
    after.map((text) => `${text}\n`).join(''),
    { path, maxLines: 100_000 },
  );
  return `*** Begin Patch\n*** Update File: ${path}\n${diff}*** End Patch\n`;
}

describe('apply_patch properties', () => {
  it('a patch made from the difference of two files turns the first into exactly the second', async () => {
    await fc.assert(
      fc.asyncProperty(fileAndEdit, async ({ original, target, crlf, finalNewline: wanted }) => {
        fc.pre(original.join('\n') !== target.join('\n'));
        // Without a final newline, a last empty line cannot be written down at all.
        const finalNewline = wanted || original[original.length - 1] === '';
        const eol = crlf ? '\r\n' : '\n';
        await resetTree({ 'f.txt': render(original, eol, finalNewline) });
        const result = await applyPatch(temp.workspace, patchFor('f.txt', original, target));
        expect(result.status).toBe('success');
        const keepsNewline = finalNewline || original.length === 0;
        // Inserted lines take the file's majority ending: its only one here, LF when it has none.
        const hasEnding = original.length > 1 || (original.length === 1 && finalNewline);
        expect(await temp.read('f.txt')).toBe(render(target, hasEnding ? eol : '\n', keepsNewline));
      }),
      { numRuns: 150 },
    );
  });

  it('mutated patches never throw, and never write when they fail', async () => {
    const mutation = fc.record({
      kind: fc.constantFrom('delete', 'duplicate', 'insert', 'replace-char', 'truncate', 'swap'),
      at: fc.nat(),
      other: fc.nat(),
      text: line,
    });
    await fc.assert(
      fc.asyncProperty(
        fileAndEdit,
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (edit, mutations) => {
          const files = { 'f.txt': render(edit.original, '\n', true), 'g.txt': 'keep me\n' };
          await resetTree(files);
          const lines = [
            '*** Begin Patch',
            '*** Add File: added.txt',
            '+new',
            '*** Delete File: g.txt',
            ...patchFor('f.txt', edit.original, edit.target).split('\n').slice(1, -2),
            '*** End Patch',
          ];
          for (const { kind, at, other, text } of mutations) {
            if (lines.length === 0) break;
            const index = at % lines.length;
            if (kind === 'delete') lines.splice(index, 1);
            else if (kind === 'duplicate') lines.splice(index, 0, lines[index] ?? '');
            else if (kind === 'insert') lines.splice(index, 0, text);
            else if (kind === 'truncate') lines.length = index;
            else if (kind === 'swap') {
              const j = other % lines.length;
              [lines[index], lines[j]] = [lines[j] ?? '', lines[index] ?? ''];
            } else {
              const original = lines[index] ?? '';
              const position = other % (original.length + 1);
              lines[index] = original.slice(0, position) + text.slice(0, 1) + original.slice(position + 1);
            }
          }
          const before = await temp.tree();
          const result = await applyPatch(temp.workspace, lines.join('\n'));
          expect(['success', 'failure']).toContain(result.status);
          if (result.status === 'failure') expect(await temp.tree()).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('parsePatch never throws on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            line,
            fc.constantFrom(
              '*** Begin Patch',
              '*** End Patch',
              '*** Update File: a',
              '*** Add File: b',
              '*** End of File',
              '*** Move to: c',
              '@@ x',
              '<<EOF',
              'EOF',
            ),
          ),
          {
            maxLength: 20,
          },
        ),
        (lines) => {
          const result = parsePatch(lines.join('\n'));
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { numRuns: 1000 },
    );
  });
});
