import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../errors/toolgate-error.js';
import { integerOption } from './integer-option.js';

describe('integerOption', () => {
  it('takes the fallback when the option is absent and the value when it is in range', () => {
    expect(integerOption('limit', undefined, 5)).toBe(5);
    expect(integerOption('limit', 0, 5, { minimum: 0 })).toBe(0);
    expect(integerOption('limit', 10, 5, { maximum: 10 })).toBe(10);
  });

  it('refuses what is not an integer in range, naming the option, the range and the value', () => {
    const refusal = (value: number, range?: { minimum?: number; maximum?: number }) => {
      try {
        integerOption('limit', value, 5, range);
      } catch (error) {
        return InvalidOptionsError.isInstance(error) ? error.message : 'another error';
      }
      return 'accepted';
    };
    expect([
      refusal(0),
      refusal(1.5),
      refusal(Number.NaN),
      refusal(11, { maximum: 10 }),
      refusal(-1, { minimum: 0 }),
    ]).toEqual([
      'limit must be an integer of at least 1; got 0',
      'limit must be an integer of at least 1; got 1.5',
      'limit must be an integer of at least 1; got NaN',
      'limit must be an integer from 1 to 10; got 11',
      'limit must be an integer of at least 0; got -1',
    ]);
  });
});
