import { beforeAll, describe, expect, it } from 'vitest';
import { compileNodePattern, linearMatcherFor } from './node-pattern.js';
import { loadRe2 } from './re2.js';

beforeAll(loadRe2);

describe('compileNodePattern', () => {
  it('matches nested quantifiers and overlapping alternatives with the linear engine', () => {
    for (const pattern of ['(a+)+$', '(a|a)*b', '(\\w+\\s?)+$']) {
      const compiled = compileNodePattern(pattern, false);
      expect(linearMatcherFor(compiled, 'aaaa')).toBeDefined();
      expect(compiled.linear?.line.test(`${'a'.repeat(10_000)}!`)).toBe(false);
    }
  });

  it('keeps look-around and backreferences off the linear engine (they run in the worker)', () => {
    for (const pattern of ['a(?=b)', '(?<=a)b', '(a)\\1']) {
      const compiled = compileNodePattern(pattern, false);
      expect(compiled.linear).toBeUndefined();
      expect(compiled.backtracking).toBeInstanceOf(RegExp);
    }
  });

  it('uses the linear engine for \\b only where the text is ASCII', () => {
    const compiled = compileNodePattern('\\bcafe\\b', false);
    expect(linearMatcherFor(compiled, 'plain cafe')).toBeDefined();
    expect(linearMatcherFor(compiled, 'caf\u00e9 cafe')).toBeUndefined();
  });

  it('matches a plain literal, case-insensitive too, with a RegExp that has nothing to backtrack', () => {
    const compiled = compileNodePattern('Deprecated\\.', true);
    expect(compiled.linear?.line.test('is DEPRECATED.')).toBe(true);
    expect(compiled.linear?.line.test('is deprecated')).toBe(false);
    expect(compileNodePattern('a+', false).linear?.line).not.toBeInstanceOf(RegExp);
  });
});
