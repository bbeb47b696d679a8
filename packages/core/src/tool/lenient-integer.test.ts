import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lenientInteger } from './lenient-integer.js';

describe('lenientInteger', () => {
  const schema = lenientInteger(z.number().int().min(1));

  it('accepts a number or its decimal text, as AI4J does', () => {
    expect([schema.parse(5), schema.parse('5'), schema.parse(' 12 ')]).toEqual([5, 5, 12]);
  });

  it('leaves anything else for the inner schema to refuse', () => {
    expect(schema.safeParse('5.5').success).toBe(false);
    expect(schema.safeParse('five').success).toBe(false);
    expect(schema.safeParse('0').success).toBe(false);
    expect(schema.safeParse('9'.repeat(16)).success).toBe(false);
  });
});
