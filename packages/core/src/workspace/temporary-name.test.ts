import { describe, expect, it } from 'vitest';
import { isTemporaryName, temporaryName } from './temporary-name.js';

describe('temporaryName and isTemporaryName', () => {
  it('recognises every name temporaryName makes, short or cut to length', () => {
    const names = [
      'a.txt',
      '.env',
      'x',
      'with.many.dots.ts',
      'é'.repeat(80),
      `a${'€'.repeat(60)}`,
      '😀'.repeat(40),
      'a'.repeat(255),
      '.a.0123456789ab.toolgate-tmp',
    ];
    for (const name of names) {
      const made = temporaryName(name);
      expect([name, isTemporaryName(made)]).toEqual([name, true]);
      expect(Buffer.byteLength(made)).toBeLessThanOrEqual(255);
    }
  });

  it('recognises them in any case, as a case-insensitive file system (macOS, Windows) names them', () => {
    for (const name of [
      '.a.txt.0123456789AB.toolgate-tmp',
      '.A.TXT.0123456789AB.TOOLGATE-TMP',
      '.a.txt.0123456789ab.Toolgate-Tmp',
      temporaryName('Notes.md').toUpperCase(),
    ]) {
      expect([name, isTemporaryName(name)]).toEqual([name, true]);
    }
  });

  it('recognises no other name, not even one that ends like it', () => {
    for (const name of [
      'notes.toolgate-tmp',
      '.toolgate-tmp',
      '.notes.toolgate-tmp',
      'a.txt.0123456789ab.toolgate-tmp',
      '.a.txt.0123456789a.toolgate-tmp',
      '.a.txt.\uff10123456789ab.toolgate-tmp',
      '.a.txt.0123456789ab.toolgate-tmp/',
      '.a.txt.0123456789ab.toolgate-tmp ',
      '.a.txt.0123456789abc.toolgate-tmp',
      '..0123456789ab.toolgate-tmp',
      '.a.txt.0123456789ab.toolgate-tmp.bak',
      '.a/b.0123456789ab.toolgate-tmp',
    ]) {
      expect([name, isTemporaryName(name)]).toEqual([name, false]);
    }
  });
});
