import { describe, expect, it } from 'vitest';
import { DuplicateToolError, InvalidOptionsError, ToolgateError } from './toolgate-error.js';

describe('toolgate error classes', () => {
  it('recognises each class by its own marker and not by its siblings', () => {
    const errors = [new DuplicateToolError('twice'), new InvalidOptionsError('bad')];
    const checks = [DuplicateToolError, InvalidOptionsError];
    expect(errors.map((error) => checks.map((check) => check.isInstance(error)))).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(DuplicateToolError.isInstance(new InvalidOptionsError('bad'))).toBe(false);
  });

  it('recognises every subclass as a toolgate error and nothing else', () => {
    expect(ToolgateError.isInstance(new InvalidOptionsError('bad'))).toBe(true);
    expect(ToolgateError.isInstance(new ToolgateError('custom', 'misuse'))).toBe(true);
    expect(ToolgateError.isInstance(new Error('plain'))).toBe(false);
    expect(
      InvalidOptionsError.isInstance(new ToolgateError('invalid_options', 'same code, base class')),
    ).toBe(false);
  });

  it('recognises an error from another copy of the package by its marker', () => {
    const foreign = Object.assign(new Error('from another copy'), {
      [Symbol.for('toolgate.error')]: true,
      [Symbol.for('toolgate.error.duplicate_tool')]: true,
    });
    expect(DuplicateToolError.isInstance(foreign)).toBe(true);
    expect(InvalidOptionsError.isInstance(foreign)).toBe(false);
  });
});
