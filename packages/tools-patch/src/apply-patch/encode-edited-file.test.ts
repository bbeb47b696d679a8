import { describe, expect, it } from 'vitest';
import { decodeTextFile, encodeTextFile } from '../internal/text-file.js';
import { applyHunks, editedTextFile } from './apply-hunks.js';
import { encodeEditedFile } from './encode-edited-file.js';
import { parsePatch } from './parse-patch.js';
import type { PatchHunk } from './patch-operation.js';

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Random hunks over distinct lines: some context, some removed, some added, in file order, parsed from patch text. */
function hunksFor(lines: readonly string[], next: () => number, added: string): readonly PatchHunk[] {
  const patch = ['*** Begin Patch', '*** Update File: f'];
  let at = 0;
  while (at < lines.length) {
    at += Math.floor(next() * 6);
    if (at >= lines.length) break;
    const hunk: string[] = [];
    const context = Math.min(Math.floor(next() * 3), lines.length - at);
    for (let index = 0; index < context; index++) hunk.push(` ${lines[at++]!}`);
    const removed = Math.min(Math.floor(next() * 3), lines.length - at);
    for (let index = 0; index < removed; index++) hunk.push(`-${lines[at++]!}`);
    const adds = Math.floor(next() * 3);
    for (let index = 0; index < adds; index++) hunk.push(`+${added} ${at}.${index}`);
    if (hunk.some((line) => !line.startsWith(' '))) patch.push('@@', ...hunk);
  }
  if (patch.length === 2) return [];
  const parsed = parsePatch([...patch, '*** End Patch', ''].join('\n'));
  if (!parsed.ok || parsed.operations[0]?.type !== 'update') throw new Error(JSON.stringify(parsed));
  return parsed.operations[0].hunks;
}

describe('encodeEditedFile', () => {
  it('gives the bytes encodeTextFile gives, for LF, CRLF, mixed endings, no final newline, a BOM and non-ASCII text', () => {
    const shapes: { name: string; make: (lines: string[], next: () => number) => string }[] = [
      { name: 'LF', make: (lines) => `${lines.join('\n')}\n` },
      { name: 'CRLF', make: (lines) => `${lines.join('\r\n')}\r\n` },
      {
        name: 'mixed',
        make: (lines, next) => lines.map((line) => line + (next() < 0.5 ? '\n' : '\r\n')).join(''),
      },
      { name: 'no final newline', make: (lines) => lines.join('\n') },
      { name: 'BOM', make: (lines) => `\uFEFF${lines.join('\n')}\n` },
      { name: 'non-ASCII', make: (lines) => `${lines.map((line) => `${line} “é”`).join('\n')}\n` },
    ];
    let checked = 0;
    for (let seed = 1; seed <= 60; seed++) {
      for (const shape of shapes) {
        const next = random(seed);
        const count = 1 + Math.floor(next() * 40);
        const lines = Array.from({ length: count }, (_, index) => `line ${index} of ${seed}`);
        const bytes = Buffer.from(shape.make(lines, next), 'utf8');
        const original = decodeTextFile(bytes)!;
        const applied = applyHunks(
          original,
          hunksFor(original.lines, next, next() < 0.5 ? 'new' : 'nouveau ✓'),
        );
        if (!applied.ok) throw new Error(`seed ${seed}, ${shape.name}: ${JSON.stringify(applied.mismatch)}`);
        expect(encodeEditedFile(bytes, applied.edit).toString('utf8'), `seed ${seed}, ${shape.name}`).toBe(
          encodeTextFile(editedTextFile(applied.edit)).toString('utf8'),
        );
        checked++;
      }
    }
    expect(checked).toBe(360);
  });
});
