import { describe, expect, it } from 'vitest';
import { requiredLiteral } from './required-literal.js';

describe('requiredLiteral', () => {
  it.each([
    ['use strict', 'use strict'],
    ['function\\s+\\w+\\(', 'function'],
    ['[A-Z][a-z]+Error\\(', 'Error('],
    ['colou?r', 'colo'],
    ['a{100}b', undefined],
    ['abcx*yz', 'abc'],
    ['foo|barbaz', undefined],
    ['(?i)hello', undefined],
    ['a\\.b\\.c', 'a.b.c'],
    ['(group)literal', 'literal'],
    ['ab', undefined],
    ['[]abc]xyz', undefined],
    ['a(?i)bcdef', undefined],
    ['hello+world', 'hello'],
    ['x{2}yyyy', 'yyyy'],
  ])('finds the literal every match of %j contains', (pattern, expected) => {
    expect(requiredLiteral(pattern)).toBe(expected);
  });
});
