import { describe, expect, it } from 'vitest';
import { MAX_PREVIEW_FILE_BYTES, previewFileChanges } from './preview-file-changes.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('previewFileChanges', () => {
  it('shows each file whole: null for a file created or deleted, a BOM dropped, text as given', () => {
    expect(
      previewFileChanges([
        { path: '/w/a.txt', before: bytes('\uFEFFone\n'), after: bytes('two\n') },
        { path: '/w/new.txt', before: null, after: 'fresh\n' },
        { path: '/w/gone.txt', before: bytes('old\n'), after: null },
      ]),
    ).toEqual([
      { path: '/w/a.txt', oldText: 'one\n', newText: 'two\n' },
      { path: '/w/new.txt', oldText: null, newText: 'fresh\n' },
      { path: '/w/gone.txt', oldText: 'old\n', newText: null },
    ]);
  });

  it('shows none when one file is binary, not UTF-8 or too large, so a host never shows half a change', () => {
    const text = { path: '/w/a.txt', before: bytes('a\n'), after: bytes('b\n') };
    expect(
      previewFileChanges([text, { path: '/w/b.bin', before: Buffer.from([0x61, 0]), after: null }]),
    ).toBe(undefined);
    expect(
      previewFileChanges([text, { path: '/w/c.txt', before: Buffer.from([0xc3, 0x28]), after: null }]),
    ).toBe(undefined);
    expect(
      previewFileChanges([
        text,
        { path: '/w/d.txt', before: null, after: 'x'.repeat(MAX_PREVIEW_FILE_BYTES + 1) },
      ]),
    ).toBe(undefined);
    expect(previewFileChanges([text])).toHaveLength(1);
    expect(previewFileChanges([])).toBe(undefined);
  });
});

describe('previewFileChanges, lazily', () => {
  it('decodes a text when it is read, and gives the same text every time', () => {
    const before = bytes('\uFEFFone\n');
    const [preview] = previewFileChanges([{ path: '/w/a.txt', before, after: bytes('two\n') }])!;
    expect(preview!.oldText).toBe('one\n');
    expect(preview!.oldText).toBe('one\n');
    expect(JSON.parse(JSON.stringify(preview))).toEqual({
      path: '/w/a.txt',
      oldText: 'one\n',
      newText: 'two\n',
    });
    expect({ ...preview }).toEqual({ path: '/w/a.txt', oldText: 'one\n', newText: 'two\n' });
  });
});
