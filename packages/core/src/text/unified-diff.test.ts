import { describe, expect, it } from 'vitest';
import { createUnifiedDiff, unifiedDiffHeader } from './unified-diff.js';

describe('createUnifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(createUnifiedDiff('a\n', 'a\n')).toBe('');
  });

  it('shows a change with three lines of context', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].join('\n') + '\n';
    const after = before.replace('5\n', 'five\n');
    expect(createUnifiedDiff(before, after, { path: 'n.txt' })).toBe(
      [
        '--- a/n.txt',
        '+++ b/n.txt',
        '@@ -2,7 +2,7 @@',
        ' 2',
        ' 3',
        ' 4',
        '-5',
        '+five',
        ' 6',
        ' 7',
        ' 8',
        '',
      ].join('\n'),
    );
  });

  it('diffs a new file and a deleted file', () => {
    expect(createUnifiedDiff('', 'a\nb\n', { path: 'new.txt' })).toBe(
      '--- a/new.txt\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n',
    );
    expect(createUnifiedDiff('a\n', '', { path: 'old.txt' })).toBe(
      '--- a/old.txt\n+++ b/old.txt\n@@ -1,1 +0,0 @@\n-a\n',
    );
  });

  it('heads the missing side of a created or deleted file with /dev/null, as git does', () => {
    expect(createUnifiedDiff('', 'a\n', { path: 'new.txt', created: true })).toBe(
      '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,1 @@\n+a\n',
    );
    expect(createUnifiedDiff('a\n', '', { path: 'old.txt', deleted: true })).toBe(
      '--- a/old.txt\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-a\n',
    );
    expect(unifiedDiffHeader({ path: 'from.txt', newPath: 'to.txt' })).toBe('--- a/from.txt\n+++ b/to.txt\n');
  });

  it('splits distant changes into separate hunks', () => {
    const lines = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`);
    const after = [...lines];
    after[1] = 'changed 2';
    after[27] = 'changed 28';
    const diff = createUnifiedDiff(`${lines.join('\n')}\n`, `${after.join('\n')}\n`);
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toEqual([
      '@@ -1,5 +1,5 @@',
      '@@ -25,6 +25,6 @@',
    ]);
  });

  it('stays bounded on large, totally different inputs', () => {
    const before = Array.from({ length: 5000 }, (_, index) => `a${index}`).join('\n');
    const after = Array.from({ length: 5000 }, (_, index) => `b${index}`).join('\n');
    const diff = createUnifiedDiff(before, after, { maxLines: 100 });
    expect(diff.split('\n').length).toBeLessThanOrEqual(102);
    expect(diff).toContain('… diff clipped');
  });
});
