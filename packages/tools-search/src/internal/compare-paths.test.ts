import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparePaths, sortByPath, sortPaths } from './compare-paths.js';

describe('path order', () => {
  it('orders as a sorted tree walk: a directory before a sibling file that extends its name', () => {
    expect(sortByPath(['a.ts', 'a/b.ts', 'B', 'a-b', 'a/a/z', '\u00e9', 'z'], (path) => path)).toEqual([
      'B',
      'a/a/z',
      'a/b.ts',
      'a-b',
      'a.ts',
      'z',
      '\u00e9',
    ]);
  });

  it('sortByPath agrees with comparePaths', () => {
    const name = fc
      .stringMatching(/^[a-c.\-/\u00e9]{1,6}$/)
      .filter((path) => !path.includes('//') && !path.startsWith('/') && !path.endsWith('/'));
    fc.assert(
      fc.property(fc.array(name, { maxLength: 30 }), (paths) => {
        expect(sortByPath([...paths], (path) => path)).toEqual([...paths].sort(comparePaths));
        expect(sortPaths([...paths])).toEqual([...paths].sort(comparePaths));
      }),
    );
  });

  it('orders astral characters after the BMP end (U+FFFD), as code points do, also mixed with ASCII', () => {
    const name = fc
      .array(fc.constantFrom('a', 'b', '/', '\ufffd', '\ue000', '\u{1f600}', '\u{10000}'), {
        minLength: 1,
        maxLength: 5,
      })
      .map((parts) => parts.join(''))
      .filter((path) => !path.includes('//') && !path.startsWith('/') && !path.endsWith('/'));
    fc.assert(
      fc.property(fc.array(name, { maxLength: 20 }), (paths) => {
        expect(sortByPath([...paths], (path) => path)).toEqual([...paths].sort(comparePaths));
        expect(sortPaths([...paths])).toEqual([...paths].sort(comparePaths));
      }),
    );
    expect(sortByPath(['\u{1f600}', '\ufffd', 'z'], (path) => path)).toEqual(['z', '\ufffd', '\u{1f600}']);
  });

  it('sortByPath orders items of one path by the tie-break, and keeps arrival order otherwise', () => {
    const item = fc.record({
      path: fc.constantFrom('a.ts', 'a/b.ts', 'b', '\u{1f600}'),
      line: fc.nat(5),
      id: fc.nat(),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), (items) => {
        const expected = items
          .map((entry, arrival) => ({ entry, arrival }))
          .sort(
            (left, right) =>
              comparePaths(left.entry.path, right.entry.path) ||
              left.entry.line - right.entry.line ||
              left.arrival - right.arrival,
          )
          .map(({ entry }) => entry);
        const sorted = sortByPath(
          [...items],
          (entry) => entry.path,
          (left, right) => left.line - right.line,
        );
        expect(sorted).toEqual(expected);
      }),
    );
  });
});
